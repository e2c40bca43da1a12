import { z } from 'zod';
import { BREAK_FORMATS, BREAK_SPORTS } from '../constants.js';
import { dollarsBetween } from '../money.js';

// ---- Formats, sports, statuses ----

export const BreakFormat = z.enum(BREAK_FORMATS);
export type BreakFormat = z.infer<typeof BreakFormat>;

export const BreakSport = z.enum(BREAK_SPORTS);
export type BreakSport = z.infer<typeof BreakSport>;

/**
 * draft (staff only) → open (spots on sale, seed hash published) → filled (sold out, or the
 * minimum reached at the deadline) → live (teams drawn, seed revealed, packs being opened) →
 * completed. open or filled → cancelled, with every spot refunded.
 */
export const BREAK_STATUSES = [
  'draft',
  'open',
  'filled',
  'live',
  'completed',
  'cancelled',
] as const;
export const BreakStatus = z.enum(BREAK_STATUSES);
export type BreakStatus = z.infer<typeof BreakStatus>;

/** Where a hit of a team no spot holds goes: the breaker keeps it, or a sold spot is drawn. */
export const UNOWNED_HIT_RULES = ['house', 'random_spot'] as const;
export const UnownedHitRule = z.enum(UNOWNED_HIT_RULES);
export type UnownedHitRule = z.infer<typeof UnownedHitRule>;
export const UNOWNED_HIT_RULE_TEXT: Record<UnownedHitRule, string> = {
  house: 'A hit of a team on no spot stays with the breaker.',
  random_spot: 'A hit of a team on no spot goes to a sold spot drawn with the revealed seed.',
};

/**
 * held: the owner's, to claim or sell back; house: nobody's (the breaker keeps it);
 * claimed: in the owner's combined shipment; shipped; sold_back: credited to the wallet.
 */
export const BREAK_HIT_STATUSES = ['held', 'house', 'claimed', 'shipped', 'sold_back'] as const;
export const BreakHitStatus = z.enum(BREAK_HIT_STATUSES);
export type BreakHitStatus = z.infer<typeof BreakHitStatus>;

/** The words every buyer sees before paying (the refund rule). */
export const BREAK_REFUND_RULE =
  'If the break does not reach its minimum by the sales deadline, or staff cancel it before it runs, every spot is refunded in full to the wallet it was paid from.';
/** What a holder is called when they hide their name. */
export const ANONYMOUS_HOLDER = 'Anonymous';
/** What a hit or spot nobody holds is shown as. */
export const HOUSE_HOLDER = 'House';

export const BREAK_MIN_SPOTS = 2;
export const BREAK_MAX_SPOTS = 64;
/** Spots one purchase may take at once. */
export const BREAK_MAX_SPOTS_PER_PURCHASE = 10;
/** A spot costs at least one cent and at most $100,000. */
export const BreakPrice = dollarsBetween(0.01, 100_000);

/** The preset team lists of random-team breaks (custom lists are typed in). */
export const TEAM_PRESETS = {
  MLB: [
    'Arizona Diamondbacks',
    'Athletics',
    'Atlanta Braves',
    'Baltimore Orioles',
    'Boston Red Sox',
    'Chicago Cubs',
    'Chicago White Sox',
    'Cincinnati Reds',
    'Cleveland Guardians',
    'Colorado Rockies',
    'Detroit Tigers',
    'Houston Astros',
    'Kansas City Royals',
    'Los Angeles Angels',
    'Los Angeles Dodgers',
    'Miami Marlins',
    'Milwaukee Brewers',
    'Minnesota Twins',
    'New York Mets',
    'New York Yankees',
    'Philadelphia Phillies',
    'Pittsburgh Pirates',
    'San Diego Padres',
    'San Francisco Giants',
    'Seattle Mariners',
    'St. Louis Cardinals',
    'Tampa Bay Rays',
    'Texas Rangers',
    'Toronto Blue Jays',
    'Washington Nationals',
  ],
  NFL: [
    'Arizona Cardinals',
    'Atlanta Falcons',
    'Baltimore Ravens',
    'Buffalo Bills',
    'Carolina Panthers',
    'Chicago Bears',
    'Cincinnati Bengals',
    'Cleveland Browns',
    'Dallas Cowboys',
    'Denver Broncos',
    'Detroit Lions',
    'Green Bay Packers',
    'Houston Texans',
    'Indianapolis Colts',
    'Jacksonville Jaguars',
    'Kansas City Chiefs',
    'Las Vegas Raiders',
    'Los Angeles Chargers',
    'Los Angeles Rams',
    'Miami Dolphins',
    'Minnesota Vikings',
    'New England Patriots',
    'New Orleans Saints',
    'New York Giants',
    'New York Jets',
    'Philadelphia Eagles',
    'Pittsburgh Steelers',
    'San Francisco 49ers',
    'Seattle Seahawks',
    'Tampa Bay Buccaneers',
    'Tennessee Titans',
    'Washington Commanders',
  ],
  NBA: [
    'Atlanta Hawks',
    'Boston Celtics',
    'Brooklyn Nets',
    'Charlotte Hornets',
    'Chicago Bulls',
    'Cleveland Cavaliers',
    'Dallas Mavericks',
    'Denver Nuggets',
    'Detroit Pistons',
    'Golden State Warriors',
    'Houston Rockets',
    'Indiana Pacers',
    'LA Clippers',
    'Los Angeles Lakers',
    'Memphis Grizzlies',
    'Miami Heat',
    'Milwaukee Bucks',
    'Minnesota Timberwolves',
    'New Orleans Pelicans',
    'New York Knicks',
    'Oklahoma City Thunder',
    'Orlando Magic',
    'Philadelphia 76ers',
    'Phoenix Suns',
    'Portland Trail Blazers',
    'Sacramento Kings',
    'San Antonio Spurs',
    'Toronto Raptors',
    'Utah Jazz',
    'Washington Wizards',
  ],
} as const satisfies Record<string, readonly string[]>;
export type TeamPreset = keyof typeof TEAM_PRESETS;

/** Team names compare without case or surrounding spaces ("new york mets" is the Mets). */
export const teamKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

// ---- Live stream links ----

/** The hosts whose stream pages a break may link (the page embeds YouTube and Twitch players). */
const STREAM_HOSTS = /^(www\.|m\.)?(youtube\.com|youtu\.be|twitch\.tv|whatnot\.com)$/;

export const StreamUrl = z
  .url({ message: 'must be a web address' })
  .max(300)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && STREAM_HOSTS.test(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https link to YouTube, Twitch or Whatnot');

export type StreamEmbed =
  { kind: 'youtube'; videoId: string } | { kind: 'twitch'; channel: string } | { kind: 'link' };

/**
 * What the page can embed from a stream link, by URL only: a YouTube video id or a Twitch
 * channel; anything else (Whatnot, a YouTube channel page) is shown as a link.
 */
export function streamEmbed(link: string): StreamEmbed {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'link' };
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = /^[\w-]{6,20}$/;
  if (host === 'youtu.be') {
    const videoId = url.pathname.slice(1);
    if (id.test(videoId)) return { kind: 'youtube', videoId };
  }
  if (host === 'youtube.com') {
    const videoId =
      url.searchParams.get('v') ?? /^\/(live|embed|shorts)\/([\w-]+)/.exec(url.pathname)?.[2];
    if (videoId && id.test(videoId)) return { kind: 'youtube', videoId };
  }
  if (host === 'twitch.tv') {
    const channel = url.pathname.split('/')[1] ?? '';
    if (/^\w{3,25}$/.test(channel)) return { kind: 'twitch', channel };
  }
  return { kind: 'link' };
}
