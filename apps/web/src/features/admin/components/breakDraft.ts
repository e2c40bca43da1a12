import { z } from 'zod';
import {
  BreakInput,
  TEAM_PRESETS,
  type BreakFormat,
  type BreakSport,
  type TeamPreset,
  type UnownedHitRule,
} from '@grail/contract';

/**
 * The new-draft form as typed: every field is its text, named as in the contract's BreakInput,
 * so the contract's checks (the server's) put their messages on the field they are about.
 */
export type BreakDraftValues = {
  title: string;
  description: string;
  sport: BreakSport;
  format: BreakFormat;
  /** Which team list filled `teams`; not sent. */
  preset: TeamPreset | 'custom';
  teams: string;
  spotPrice: string;
  boxes: string;
  packsPerBox: string;
  minSpots: string;
  salesDeadline: string;
  scheduledAt: string;
  streamUrl: string;
  unownedHitRule: UnownedHitRule;
};

/** The sport a preset's teams play. */
export const PRESET_SPORT: Record<TeamPreset, BreakSport> = {
  MLB: 'Baseball',
  NFL: 'Football',
  NBA: 'Basketball',
};

/** A datetime-local value (the staff member's own clock) for an instant. */
const localInput = (date: Date) => {
  const d = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
/** An instant for a datetime-local value; empty (or unreadable) stays empty for the check. */
const fromLocalInput = (value: string) => {
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
};

/** "Name" or "Name, 40" per line: the team list, with pick-your-team prices. */
export function parseTeams(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?),\s*\$?(\d+(?:\.\d{1,2})?)$/.exec(line);
      return match ? { name: match[1]!.trim(), price: Number(match[2]) } : { name: line };
    });
}

/** A fresh draft: MLB teams, sales closing in two days on the hour, opening an hour later. */
export function emptyBreakDraft(now = Date.now()): BreakDraftValues {
  const deadline = new Date(Math.ceil(now / 3_600_000) * 3_600_000 + 48 * 3_600_000);
  return {
    title: '',
    description: '',
    sport: 'Baseball',
    format: 'random_team',
    preset: 'MLB',
    teams: TEAM_PRESETS.MLB.join('\n'),
    spotPrice: '50',
    boxes: '2',
    packsPerBox: '12',
    minSpots: '',
    salesDeadline: localInput(deadline),
    scheduledAt: localInput(new Date(deadline.getTime() + 3_600_000)),
    streamUrl: '',
    unownedHitRule: 'house',
  };
}

/** The typed draft read into the body the server takes, then checked by the server's schema. */
export const BreakDraftSchema = z
  .custom<BreakDraftValues>()
  .transform((v): BreakInput => ({
    title: v.title,
    description: v.description,
    sport: v.sport,
    format: v.format,
    teams: parseTeams(v.teams),
    spotPrice: Number(v.spotPrice),
    boxes: Number(v.boxes),
    packsPerBox: Number(v.packsPerBox),
    minSpots: v.minSpots.trim() ? Number(v.minSpots) : null,
    salesDeadline: fromLocalInput(v.salesDeadline),
    scheduledAt: fromLocalInput(v.scheduledAt),
    streamUrl: v.streamUrl.trim() || null,
    unownedHitRule: v.unownedHitRule,
  }))
  .pipe(BreakInput);
