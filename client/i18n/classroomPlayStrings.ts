// Texts of playing for the answer, not the score (issue 18 items 6–8): the session option that hides stars and
// score during planning, the reveal's plans in the kitchen's words beside the round's best and par, the
// activity line of a team's plan, and the dashboard's fixed controls.
import { defineStrings } from './defineStrings.ts';

export const classroomPlayStrings = defineStrings(
  {
    'cls.play.hideScores': 'Hide stars and score while planning (revealed at service)',
    'cls.play.hideScoresHelp':
      'Teams see whether their plan fits and how long a step takes, not the score: they plan for the answer, not by trial and error.',
    'cls.play.scoreHidden': 'Stars and score',
    'cls.play.scoreHiddenValue': 'revealed at service',
    'cls.play.serviceScore': 'Your plan: {stars} ({starsText}), {rate} {unit}/s',
    'cls.play.serviceZero': 'Your plan serves nothing',
    'cls.play.thisPlan': 'This plan',
    'cls.play.bestPlan': 'Best of the round:',
    'cls.play.par': 'Par (the best plan the search found)',
    'cls.play.rate': '{rate} {unit}/s',
    'cls.play.lesson': 'The lesson',
    'cls.play.sameAsThis': 'the same plan as this one',
    'cls.play.sameAsBest': "the same plan as the round's best",
    'cls.play.activity': '{name} {what} · {ago}',
    'cls.play.activityLabel': 'Latest changes to the team plan',
    'cls.play.justNow': 'just now',
    'cls.play.secondsAgo': '{n} s ago',
    'cls.play.minutesAgo': '{n} min ago',
    'cls.play.noActivity': 'No change yet this round.',
  },
  {
    'cls.play.hideScores': '备菜时隐藏星级和得分（上菜时揭晓）',
    'cls.play.hideScoresHelp':
      '各队能看到方案装不装得下、一步要多久，但看不到得分：靠推理定方案，而不是反复试分数。',
    'cls.play.scoreHidden': '星级和得分',
    'cls.play.scoreHiddenValue': '上菜时揭晓',
    'cls.play.serviceScore': '你们的方案：{stars}（{starsText}），每秒 {rate} 个{unit}',
    'cls.play.serviceZero': '你们的方案上不了菜',
    'cls.play.thisPlan': '这份方案',
    'cls.play.bestPlan': '本轮最佳：',
    'cls.play.par': '标准杆（搜索找到的最佳方案）',
    'cls.play.rate': '每秒 {rate} 个{unit}',
    'cls.play.lesson': '这一关的道理',
    'cls.play.sameAsThis': '和这份方案相同',
    'cls.play.sameAsBest': '和本轮最佳方案相同',
    'cls.play.activity': '{name} {what} · {ago}',
    'cls.play.activityLabel': '团队方案的最近改动',
    'cls.play.justNow': '刚刚',
    'cls.play.secondsAgo': '{n} 秒前',
    'cls.play.minutesAgo': '{n} 分钟前',
    'cls.play.noActivity': '这一轮还没有人改过方案。',
  },
);
