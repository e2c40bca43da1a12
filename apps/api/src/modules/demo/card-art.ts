import type { CardIdentity } from '../inventory/card-identity.view.js';

/** Card art drawn locally as SVG (rasterised by the images module): nothing is downloaded. */
export interface CardArtInput extends CardIdentity {
  variant: string | null;
  grader: 'PSA' | 'BGS' | 'SGC' | null;
  grade: string | null;
  certNumber: string | null;
}

const SPORT_COLOURS: Record<string, [string, string]> = {
  Baseball: ['#0b3d91', '#c8102e'],
  Basketball: ['#e35205', '#1d1160'],
  Football: ['#013220', '#a5acaf'],
  Hockey: ['#111111', '#8fbce6'],
  Soccer: ['#1a7f37', '#f2c94c'],
  Pokemon: ['#ffcb05', '#3d7dca'],
};

/** Slab label colours as collectors know them. */
const GRADER_LABELS: Record<'PSA' | 'BGS' | 'SGC', { bg: string; fg: string; accent: string }> = {
  PSA: { bg: '#ffffff', fg: '#1a1a1a', accent: '#c8102e' },
  BGS: { bg: '#1c1c1c', fg: '#d4af37', accent: '#c0c0c0' },
  SGC: { bg: '#111111', fg: '#ffffff', accent: '#2e8b57' },
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
}

export function cardArtSvg(card: CardArtInput): string {
  const [c1, c2] = SPORT_COLOURS[card.sport] ?? ['#333333', '#777777'];
  const label = card.grader ? GRADER_LABELS[card.grader] : null;
  const top = label ? 120 : 30;
  const e = escapeXml;
  const slab = label
    ? `<rect x="10" y="10" width="480" height="100" rx="10" fill="${label.bg}" stroke="${label.accent}" stroke-width="6"/>
       <text x="30" y="52" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" font-weight="bold" fill="${label.accent}">${card.grader}</text>
       <text x="30" y="88" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="18" fill="${label.fg}">${e(String(card.year))} ${e(card.setName).slice(0, 28)}</text>
       <text x="470" y="52" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" font-weight="bold" fill="${label.fg}">${e(card.grade ?? '')}</text>
       <text x="470" y="88" text-anchor="end" font-family="DejaVu Sans Mono, monospace" font-size="15" fill="${label.fg}">#${e(card.certNumber ?? '')}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="700" viewBox="0 0 500 700">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/>
    </linearGradient>
    <radialGradient id="shine" cx="0.3" cy="0.2" r="0.9">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="500" height="700" rx="24" fill="${label ? '#d9dde3' : '#f4f1ea'}"/>
  ${slab}
  <rect x="30" y="${top + 10}" width="440" height="${660 - top}" rx="14" fill="url(#bg)"/>
  <rect x="30" y="${top + 10}" width="440" height="${660 - top}" rx="14" fill="url(#shine)"/>
  <circle cx="250" cy="${top + 230}" r="120" fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>
  <text x="250" y="${top + 262}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="92" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${e(initials(card.player))}</text>
  <rect x="30" y="${530}" width="440" height="${140}" fill="#000000" fill-opacity="0.45"/>
  <text x="250" y="575" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" font-weight="bold" fill="#ffffff">${e(card.player)}</text>
  <text x="250" y="610" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" fill="#f0f0f0">${e(card.team ?? card.sport)}</text>
  <text x="250" y="645" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="17" fill="#dddddd">${e(`${card.year} ${card.setName} #${card.cardNumber}${card.variant ? ` · ${card.variant}` : ''}`).slice(0, 70)}</text>
</svg>`;
}
