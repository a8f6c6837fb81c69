import { firstMeasures } from './src/musicxml-tree.ts';
import { renderFirstPageSvg, svgToPng } from './src/render-score.ts';
const note = '<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type></note>';
const make = (measures: number, body: string) => `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1">${Array.from({ length: measures }, (_, i) => `<measure number="${i + 1}">${i === 0 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>' : ''}${body}</measure>`).join('')}</part></score-partwise>`;
await renderFirstPageSvg(make(2, note.repeat(4)));
for (const n of [8, 16, 48, 2900]) {
  const xml = make(n, note.repeat(4));
  let t = performance.now();
  firstMeasures(xml, 48);
  const cut = performance.now() - t;
  t = performance.now();
  const svg = await renderFirstPageSvg(xml);
  const v = performance.now() - t;
  t = performance.now();
  svgToPng(svg);
  console.log(n, 'cut', cut.toFixed(0), 'verovio', v.toFixed(0), 'png', (performance.now() - t).toFixed(0));
}
