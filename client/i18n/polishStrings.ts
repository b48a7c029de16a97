// Texts of the polish layer in both languages: the mute switch, the loading bar, the "computing…" note, the
// colon after a label (Chinese text takes the full-width '：'), the full stop between two sentences and the
// comma between the names of a list (Chinese text takes the enumeration comma '、').
import { defineStrings } from './defineStrings.ts';

export const polishStrings = defineStrings(
  {
    'sound.mute': 'Mute',
    'sound.muteLabel': 'Mute sound effects',
    'sound.muteTitle': 'Mute sound effects (M)',
    'loading.label': 'Loading…',
    'loading.progress': 'Loading… {n} %',
    'punct.colon': ': ',
    'punct.stop': '. ',
    'punct.listSep': ', ',
  },
  {
    'sound.mute': '静音',
    'sound.muteLabel': '静音：关闭音效',
    'sound.muteTitle': '静音：关闭音效（M）',
    'loading.label': '正在加载…',
    'loading.progress': '正在加载… {n}%',
    'punct.colon': '：',
    'punct.stop': '。',
    'punct.listSep': '、',
  },
);
