/**
 * The site's background track, "Slab Lights": a slow four-chord pad with a soft arpeggio,
 * synthesized live with Web Audio, so nothing is downloaded and nothing is licensed.
 */
const BAR_SECONDS = 4;
/** Am – F – C – G, as frequencies (Hz) of a three-note voicing and an arpeggio. */
const CHORDS: { pad: number[]; arp: number[] }[] = [
  { pad: [220.0, 261.63, 329.63], arp: [440.0, 523.25, 659.25, 523.25] },
  { pad: [174.61, 220.0, 261.63], arp: [349.23, 440.0, 523.25, 440.0] },
  { pad: [196.0, 261.63, 329.63], arp: [392.0, 523.25, 659.25, 523.25] },
  { pad: [196.0, 246.94, 293.66], arp: [392.0, 493.88, 587.33, 493.88] },
];
const VOLUME = 0.12;

export class AmbientLoop {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private nextBarAt = 0;
  private bar = 0;

  /** Must be called from a user gesture (autoplay rules). */
  play(): void {
    if (!this.context) {
      const Context = window.AudioContext;
      if (!Context) return;
      this.context = new Context();
      this.master = this.context.createGain();
      const filter = this.context.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.value = 1800;
      this.master.connect(filter).connect(this.context.destination);
    }
    void this.context.resume();
    this.master!.gain.setTargetAtTime(VOLUME, this.context.currentTime, 0.4);
    if (this.timer === null) {
      this.nextBarAt = this.context.currentTime + 0.1;
      this.scheduleAhead();
      this.timer = setInterval(() => this.scheduleAhead(), 1000);
    }
  }

  mute(): void {
    if (!this.context || !this.master) return;
    this.master.gain.setTargetAtTime(0, this.context.currentTime, 0.2);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    const context = this.context;
    setTimeout(() => void context.suspend(), 800);
  }

  dispose(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    void this.context?.close();
    this.context = null;
    this.master = null;
  }

  /** Keeps two bars scheduled in advance. */
  private scheduleAhead(): void {
    const context = this.context;
    if (!context) return;
    while (this.nextBarAt < context.currentTime + BAR_SECONDS * 2) {
      this.scheduleBar(CHORDS[this.bar % CHORDS.length]!, this.nextBarAt);
      this.nextBarAt += BAR_SECONDS;
      this.bar += 1;
    }
  }

  private scheduleBar(chord: { pad: number[]; arp: number[] }, at: number): void {
    for (const frequency of chord.pad)
      this.note(frequency, at, BAR_SECONDS + 0.6, 0.18, 'triangle');
    const step = BAR_SECONDS / 8;
    for (let i = 0; i < 8; i += 1) {
      this.note(chord.arp[i % chord.arp.length]!, at + i * step, step * 1.8, 0.06, 'sine');
    }
  }

  private note(frequency: number, at: number, length: number, level: number, type: OscillatorType) {
    const context = this.context!;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(level, at + Math.min(0.8, length / 3));
    gain.gain.linearRampToValueAtTime(0, at + length);
    oscillator.connect(gain).connect(this.master!);
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  }
}
