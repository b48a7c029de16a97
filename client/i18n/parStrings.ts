// The score screen's par section (shared/game/par): how close the plan came to the best plan the search
// found, par's plan once the level is passed, and how many hints were opened.
import { defineStrings } from './defineStrings.ts';

export const parStrings = defineStrings(
  {
    'par.heading': 'Par',
    'par.close': 'Your plan: {score}, {percent} of par ({par}).',
    'par.notServed': 'Your plan was not served ({why}): 0% of par ({par}).',
    'par.plan': "Par's plan",
    'par.locked': "Pass the level (one star) to see par's plan.",
    'par.hints': 'Hints opened: {n} of {of}',
  },
  {
    'par.heading': '标准杆',
    'par.close': '你的方案：{score}，达到标准杆（{par}）的 {percent}。',
    'par.notServed': '你的方案没能上菜（{why}）：达到标准杆（{par}）的 0%。',
    'par.plan': '标准杆的方案',
    'par.locked': '过关（一颗星）后可以看到标准杆的方案。',
    'par.hints': '打开的提示：{n} / {of}',
  },
);
