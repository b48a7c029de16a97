// Texts of who may join a running class (issue 10, item 5): the dashboard's lock toggle and the list of
// removed players it can let back in.
import { defineStrings } from './defineStrings.ts';

export const classroomSeatStrings = defineStrings(
  {
    'cls.seats.heading': 'Joining',
    'cls.seats.open': 'Open: new players can join with the code.',
    'cls.seats.locked': 'Locked: no new player can join. Seated players still come back after a reload.',
    'cls.seats.lock': 'Lock the session',
    'cls.seats.unlock': 'Unlock the session',
    'cls.seats.removed': 'Removed players ({n})',
    'cls.seats.removedNote':
      'A removed player stays out (same browser, same nickname, reconnecting) until you let them back in.',
    'cls.seats.readmit': 'Let back in',
    'cls.seats.readmitName': 'Let {name} back in',
  },
  {
    'cls.seats.heading': '加入',
    'cls.seats.open': '开放：新玩家可以用房间码加入。',
    'cls.seats.locked': '已锁定：新玩家不能加入；已入座的玩家刷新后仍可回来。',
    'cls.seats.lock': '锁定本场',
    'cls.seats.unlock': '解除锁定',
    'cls.seats.removed': '已移出的玩家（{n}）',
    'cls.seats.removedNote':
      '被移出的玩家无法再回来（同一浏览器、同一昵称或重新连接都不行），除非你让他回来。',
    'cls.seats.readmit': '让他回来',
    'cls.seats.readmitName': '让 {name} 回来',
  },
);
