import { renderPreview } from './src/preview.ts';

const cases: Record<string, string> = {
  emptyMeasure:
    '<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1"><measure number="1"></measure></part></score-partwise>',
  noPartList:
    '<score-partwise version="4.0"><part id="P1"><measure number="1"><note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type></note></measure></part></score-partwise>',
  wrongPart:
    '<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P9"><measure number="1"><note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration></note></measure></part></score-partwise>',
  garbageNotes:
    '<score-partwise version="4.0"><part-list><score-part id="P1"/></part-list><part id="P1"><measure number="1"><note><pitch><step>Q</step><octave>99</octave></pitch><duration>-5</duration></note></measure></part></score-partwise>',
  justRoot: '<score-partwise/>',
};
for (const [name, xml] of Object.entries(cases)) {
  const t = performance.now();
  try {
    const r = await renderPreview(xml);
    console.log(name, 'OK', r.width, r.height, (performance.now() - t).toFixed(0));
  } catch (e) {
    console.log(name, 'ERR', (e as Error).message, (performance.now() - t).toFixed(0));
  }
}
