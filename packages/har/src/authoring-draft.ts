import { analyseReading, type ScoreAnalysis } from './analysis/analyze-score.ts';
import { readScoreTree } from './analysis/score-reading.ts';
import type { GradingSettings } from './grade.ts';
import { type ImportedScore, importMusicXml } from './musicxml-import.ts';
import { buildXmlTree, parseXmlTree } from './musicxml-tree.ts';
import { type RemovedAnalysis, stripAnalysis } from './student-score.ts';
import { layoutWorkspaceScore, type WorkspaceScore } from './workspace-score.ts';

/**
 * What Create Exercise's draft starts from (issue 14): an uploaded score imported, analysed, laid
 * out for the workspace with every analysis position placed, and what the students' copy of the
 * exercise will leave out of it (issue 26). The MusicXML is parsed once for all three: the
 * analysis, the layout and the student copy each parsed it again before (decision 048).
 */
export type AuthoringDraft = {
  imported: ImportedScore;
  analysis: ScoreAnalysis;
  rendered: WorkspaceScore;
  removed: RemovedAnalysis[];
};

/** Throws HarError for a score it refuses, as importMusicXml, analyseScore and renderWorkspaceScore do. */
export async function authoringDraft(bytes: Uint8Array, settings: GradingSettings): Promise<AuthoringDraft> {
  const imported = importMusicXml(bytes);
  const tree = parseXmlTree(imported.musicxml);
  // Read with our ids on the notes, which the layout finds in Verovio's drawing; the analysis reads the same notes.
  const reading = readScoreTree(tree, { labelNotes: true });
  const analysis = analyseReading(reading, settings);
  const rendered = await layoutWorkspaceScore(
    { musicxml: imported.musicxml, labelled: buildXmlTree(tree), reading },
    analysis.positions.map((p) => ({ id: p.id, measure: p.measure, beat: p.beat, points: 1 })),
  );
  // Last: it takes the analysis text out of the tree itself.
  return { imported, analysis, rendered, removed: stripAnalysis(imported.musicxml, tree) };
}
