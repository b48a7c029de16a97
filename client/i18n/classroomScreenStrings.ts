// Texts of the classroom's screens (issue 18, items 3 and 7): a phone's planning with the kitchen drawing
// folded away and the preview's headline kept in view.
import { defineStrings } from './defineStrings.ts';

export const classroomScreenStrings = defineStrings(
  {
    'cls.plan.showKitchens': 'Show the kitchens',
    'cls.plan.hideKitchens': 'Hide the kitchens',
    'cls.plan.tastingWrong': 'the tasting is wrong',
  },
  {
    'cls.plan.showKitchens': '显示厨房图',
    'cls.plan.hideKitchens': '收起厨房图',
    'cls.plan.tastingWrong': '试菜不对',
  },
);
