import { type AnswerKey, writeHar } from '../format.ts';
import { type ChoraleChord, writeChoraleMusicXml } from './musicxml-writer.ts';
import { type PhraseDefinition, SAMPLE_SETS, type SetDefinition } from './progressions.ts';
import { chordOf, type Key, keyFifths, keyName, pitchClass } from './theory.ts';
import { voiceProgression } from './voicing.ts';

/**
 * The sample content library (DESIGN §8): Roman-numeral analysis exercises whose
 * MusicXML this module writes itself, from the phrases of progressions.ts,
 * voiced in four parts. The same code always produces the same bytes.
 */

export type SampleDocument = { title: string; slug: string; har: Uint8Array };
export type SampleSet = { title: string; slug: string; description: string; documents: SampleDocument[] };
export type SampleLibrary = { sets: SampleSet[] };

const DOCUMENT_PREFIX: Record<string, string> = {
  'diatonic-harmony-in-major': 'Major Phrase',
  'diatonic-harmony-in-minor': 'Minor Phrase',
  'chromatic-harmony-cadential-six-four-and-neapolitan-sixth': 'Chromatic Phrase',
};

export function buildSampleLibrary(): SampleLibrary {
  return { sets: SAMPLE_SETS.map((set) => buildSet(set)) };
}

function buildSet(set: SetDefinition): SampleSet {
  const documents = set.phrases.map((phrase, index) => {
    const key: Key = { tonic: pitchClass(phrase.key), mode: phrase.mode };
    const title = `${DOCUMENT_PREFIX[set.slug] ?? 'Phrase'} ${index + 1} (${keyName(key)})`;
    const exercise = buildExercise(phrase, key, title);
    const har = writeHar({
      manifest: {
        format: 'har',
        version: 1,
        kind: 'exercise',
        title,
        exercise_type: 'roman-numeral-analysis',
        document_key: `sample/${set.slug}/${String(index + 1).padStart(2, '0')}`,
      },
      score: exercise.score,
      key: exercise.key,
    });
    return { title, slug: slugify(title), har };
  });
  return { title: set.title, slug: set.slug, description: set.description, documents };
}

type ParsedChord = { label: string; beats: number };

/** The score and answer key of one phrase. */
export function buildExercise(phrase: PhraseDefinition, key: Key, title: string): { score: string; key: AnswerKey } {
  const measures: ParsedChord[][] = phrase.phrase.split('|').map((measure) =>
    measure
      .trim()
      .split(/\s+/)
      .map((token) => {
        const [label = '', beats = '1'] = token.split(':');
        return { label, beats: Number(beats) };
      }),
  );
  const flat = measures.flat();
  const voicings = voiceProgression(flat.map((chord) => chordOf(key, chord.label)));

  let next = 0;
  const items: AnswerKey['items'] = [];
  const chorale = measures.map((chords, measureIndex) => {
    let beat = 1;
    return chords.map((chord): ChoraleChord => {
      const voicing = voicings[next++];
      if (!voicing) throw new Error(`No voicing for ${chord.label}`);
      items.push({ id: `m${measureIndex + 1}b${beat}`, measure: measureIndex + 1, beat, answers: answersFor(chord.label, key), points: 1 });
      beat += chord.beats;
      return { voicing, beats: chord.beats };
    });
  });
  const score = writeChoraleMusicXml({ title, fifths: keyFifths(key), mode: key.mode, beatsPerMeasure: phrase.beats, measures: chorale });
  return { score, key: { items } };
}

/** The key's answers for a label: both spellings for the cadential six-four and the Neapolitan sixth. */
function answersFor(label: string, key: Key): string[] {
  if (label === 'Cad64') return ['V64', key.mode === 'major' ? 'I64' : 'i64'];
  if (label === 'N6') return ['N6', 'bII6'];
  return [label];
}

export function slugify(text: string): string {
  return text
    .replace(/♭/g, '-flat')
    .replace(/♯/g, '-sharp')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
