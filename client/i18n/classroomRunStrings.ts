// Texts of running a class through trouble (issue 18): a server restart told apart from the end of the
// session, the paused state in words, the facilitator's hint of a round.
import { defineStrings } from './defineStrings.ts';

export const classroomRunStrings = defineStrings(
  {
    'cls.run.restarting':
      'The server is restarting. This page reconnects by itself: your seat and your team’s plan are kept.',
    'cls.run.waitingHost':
      'The server is back. Waiting for the facilitator to reopen the session: this page rejoins by itself.',
    'cls.run.hostRestarting':
      'The server is restarting. The dashboard reopens the session by itself when it is back; the clock stays paused until you press Resume.',
    'cls.run.unreachable':
      'The server cannot be reached: this device may have lost its network, or the server is restarting. This page reconnects by itself: your seat and your team’s plan are kept.',
    'cls.run.hostUnreachable':
      'The server cannot be reached: this computer may have lost its network, or the server is restarting. The dashboard reconnects, or reopens the session, by itself.',
    'cls.run.restored':
      'Reopened after a server restart: every seat and plan is back and the clock is paused. Press Resume when the class is ready.',
    'cls.run.paused': 'Paused',
    'cls.run.pausedNote': 'Paused by the facilitator: the plan is frozen until they resume.',
    'cls.run.clearHint': 'Clear hint',
    'cls.run.renamed': '“{asked}” was already taken in this class: you appear as “{name}”.',
    'cls.run.zeroMemory': 'Out of memory: the fullest kitchen is over its fridge by {over}. Score 0.',
    'cls.run.zeroTasting': 'The tasting went wrong: the dish differs from the recipe. Score 0.',
    'cls.run.zeroDropped':
      'Too few seats: the counters turned away more than {limit} of the guests. Score 0.',
    'cls.run.zeroRefused': '{why} Score 0.',
    'cls.run.localhostWarning':
      'This join link points at this computer (localhost): phones cannot open it. Start the server with PUBLIC_URL, or open this page at the network address the server printed.',
    'cls.run.joinBase': 'Players will join at {url}',
    'cls.run.endPlanningConfirm':
      'Not locked yet: {teams}. End planning now and serve their plans as they stand?',
    'cls.run.replaceHint': 'Replace hint',
  },
  {
    'cls.run.restarting': '服务器正在重启。本页会自动重新连接：你的座位和队伍的方案都会保留。',
    'cls.run.waitingHost': '服务器已恢复。正在等待主持人重新打开本场：本页会自动回到座位。',
    'cls.run.hostRestarting':
      '服务器正在重启。恢复后控制台会自动重新打开本场；在你按下“继续”之前计时保持暂停。',
    'cls.run.unreachable':
      '连不上服务器：可能是这台设备断网了，也可能是服务器正在重启。本页会自动重新连接：你的座位和队伍的方案都会保留。',
    'cls.run.hostUnreachable':
      '连不上服务器：可能是这台电脑断网了，也可能是服务器正在重启。控制台会自动重新连接，或重新打开本场。',
    'cls.run.restored':
      '服务器重启后已重新打开：所有座位和方案都已恢复，计时已暂停。全班准备好后请按“继续”。',
    'cls.run.paused': '已暂停',
    'cls.run.pausedNote': '主持人已暂停：在继续之前方案不能修改。',
    'cls.run.clearHint': '清除提示',
    'cls.run.renamed': '本场已经有人叫“{asked}”：你显示为“{name}”。',
    'cls.run.zeroMemory': '冷柜装不下：最满的厨房超出 {over}。得 0 分。',
    'cls.run.zeroTasting': '试菜不对：这道菜和菜谱不一样。得 0 分。',
    'cls.run.zeroDropped': '座位太少：档口拒掉了超过 {limit} 的客人。得 0 分。',
    'cls.run.zeroRefused': '{why}得 0 分。',
    'cls.run.localhostWarning':
      '这个加入链接指向本机（localhost）：手机打不开。请用 PUBLIC_URL 启动服务器，或用服务器打印的局域网地址打开本页。',
    'cls.run.joinBase': '学生将从 {url} 加入',
    'cls.run.endPlanningConfirm': '还没有锁定：{teams}。现在结束备菜，按它们当前的方案上菜吗？',
    'cls.run.replaceHint': '替换提示',
  },
);
