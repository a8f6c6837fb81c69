import type { PlaybackNote } from '@app/contract/workspace';

/**
 * A small Web Audio synthesiser for the score: each note is two oscillators (a triangle and a
 * quiet sine an octave up) through an envelope, all into one compressor. Nothing is downloaded.
 * Browsers only let a page start sound after a click: `resume()` is called from one.
 */
export interface Synth {
  /** Resumes (or creates) the audio context; call it inside a click handler. */
  resume(): Promise<void>;
  /** Schedules notes (onset and duration in quarter notes) at `tempo` quarters a minute, from `from` on; returns the audio time of quarter `from`. */
  play(notes: readonly PlaybackNote[], tempo: number, from?: number): number;
  /** The audio clock in seconds. */
  now(): number;
  /** Silences everything scheduled. */
  stop(): void;
}

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
}

/** Whether this browser can make sound at all (tests and very old browsers cannot). */
export const canPlay = () => audioContextClass() !== undefined;

const frequency = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);
const LEAD_IN = 0.06;
const ATTACK = 0.015;
const RELEASE = 0.12;

export function createSynth(): Synth {
  let context: AudioContext | undefined;
  let output: AudioNode | undefined;
  let voices: { oscillators: OscillatorNode[]; gain: GainNode }[] = [];

  function ensure(): AudioContext | undefined {
    if (context) return context;
    const Class = audioContextClass();
    if (!Class) return undefined;
    context = new Class();
    const compressor = context.createDynamicsCompressor();
    compressor.threshold.value = -18;
    compressor.ratio.value = 6;
    const master = context.createGain();
    master.gain.value = 0.5;
    master.connect(compressor).connect(context.destination);
    output = master;
    return context;
  }

  function voice(ctx: AudioContext, pitch: number, start: number, seconds: number) {
    const gain = ctx.createGain();
    const peak = 0.22;
    const end = start + Math.max(0.08, seconds);
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(peak, start + ATTACK);
    gain.gain.exponentialRampToValueAtTime(peak * 0.55, start + ATTACK + 0.25);
    gain.gain.setValueAtTime(peak * 0.55, Math.max(start + ATTACK + 0.25, end - 0.01));
    gain.gain.linearRampToValueAtTime(0.0001, end + RELEASE);
    gain.connect(output as AudioNode);
    const oscillators = (['triangle', 'sine'] as const).map((type, index) => {
      const osc = ctx.createOscillator();
      osc.type = type;
      osc.frequency.value = frequency(pitch) * (index === 0 ? 1 : 2);
      const level = ctx.createGain();
      level.gain.value = index === 0 ? 1 : 0.18;
      osc.connect(level).connect(gain);
      osc.start(start);
      osc.stop(end + RELEASE + 0.02);
      return osc;
    });
    const entry = { oscillators, gain };
    voices.push(entry);
    oscillators[0]?.addEventListener('ended', () => {
      gain.disconnect();
      voices = voices.filter((v) => v !== entry);
    });
  }

  return {
    async resume() {
      const ctx = ensure();
      if (ctx && ctx.state !== 'running') await ctx.resume();
    },
    play(notes, tempo, from = 0) {
      const ctx = ensure();
      if (!ctx) return 0;
      const secondsPerQuarter = 60 / tempo;
      const start = ctx.currentTime + LEAD_IN;
      for (const note of notes) {
        if (note.onset + note.duration <= from) continue;
        const onset = Math.max(note.onset, from);
        voice(ctx, note.pitch, start + (onset - from) * secondsPerQuarter, (note.onset + note.duration - onset) * secondsPerQuarter);
      }
      return start;
    },
    now: () => context?.currentTime ?? 0,
    stop() {
      if (!context) return;
      const at = context.currentTime;
      for (const { oscillators, gain } of voices) {
        gain.gain.cancelScheduledValues(at);
        gain.gain.setValueAtTime(gain.gain.value, at);
        gain.gain.linearRampToValueAtTime(0.0001, at + 0.03);
        for (const osc of oscillators) {
          try {
            osc.stop(at + 0.05);
          } catch {
            // already stopped
          }
        }
      }
      voices = [];
    },
  };
}
