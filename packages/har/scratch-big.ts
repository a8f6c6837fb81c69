import { renderPreview } from './src/preview.ts';

const note = '<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type></note>';
const rest = '<note><rest measure="yes"/><duration>4</duration><voice>1</voice></note>';
const make = (measures: number, body: string) =>
  `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1">${Array.from({ length: measures }, (_, i) => `<measure number="${i + 1}">${i === 0 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>' : ''}${body}</measure>`).join('')}</part></score-partwise>`;
for (const [name, xml] of [
  ['rests', make(4, rest)],
  ['w', make(10, note.repeat(4))],
  ['big1000', make(1000, note.repeat(4))],
  ['big2900', make(2900, note.repeat(4))],
] as const) {
  const t = performance.now();
  try {
    const r = await renderPreview(xml);
    console.log(name, 'OK', r.width, r.height, (performance.now() - t).toFixed(0));
  } catch (e) {
    console.log(name, 'ERR', (e as Error).message, (performance.now() - t).toFixed(0));
  }
}
