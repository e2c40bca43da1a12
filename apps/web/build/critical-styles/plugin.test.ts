import { describe, expect, it } from 'vitest';
import { criticalStyleElement, emotionNameOf } from './plugin';

describe('critical styles', () => {
  it('names the emotion style a rule belongs to, as its cache keys it', () => {
    expect(emotionNameOf('.gm-1f8y8lq{display:flex;}')).toBe('1f8y8lq');
    expect(emotionNameOf('.gm-1lnptpj:empty:before{content:"\\00a0";}')).toBe('1lnptpj');
    expect(emotionNameOf('@media (min-width:900px){.gm-abc123{padding:8px;}}')).toBe('abc123');
    expect(emotionNameOf('@keyframes animation-61bdi0{0%{opacity:1;}}')).toBe('animation-61bdi0');
    expect(emotionNameOf('@-webkit-keyframes animation-61bdi0{0%{opacity:1;}}')).toBe(
      'animation-61bdi0',
    );
    expect(emotionNameOf('body{margin:0;}')).toBeUndefined();
    // Another cache's classes are not the app's.
    expect(emotionNameOf('.css-1f8y8lq{display:flex;}')).toBeUndefined();
  });

  it('writes each rule once and lists every name for emotion to treat as inserted', () => {
    const element = criticalStyleElement([
      '.gm-a1{color:red;}',
      '@media (min-width:600px){.gm-a1{color:blue;}}',
      '.gm-b2{margin:0;}',
      '.gm-a1{color:red;}',
      'html{color:black;}',
    ]);
    expect(element).toBe(
      '<style data-critical-styles="a1 b2">' +
        '.gm-a1{color:red;}@media (min-width:600px){.gm-a1{color:blue;}}.gm-b2{margin:0;}' +
        '</style>',
    );
  });

  it('never lets a rule close the style element early', () => {
    const element = criticalStyleElement([
      '.gm-a1{content:"</style><script>alert(1)</script>";}',
      '.gm-b2{margin:0;}',
    ]);
    expect(element).toBe('<style data-critical-styles="b2">.gm-b2{margin:0;}</style>');
  });

  it('writes nothing when there is nothing to keep', () => {
    expect(criticalStyleElement([])).toBe('');
  });
});
