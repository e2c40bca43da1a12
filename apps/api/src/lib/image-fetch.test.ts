import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_CSV_COLUMNS } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, type TestUser } from '../../test/users.js';
import { IMAGE_FETCH_DEFAULTS, fetchImage, isPublicAddress } from './image-fetch.js';

/** IPv6 forms that carry an IPv4 address (127.0.0.1, 10.0.0.1, 169.254.169.254) inside them. */
const REACHES_IPV4 = [
  // IPv4-compatible (::/96, deprecated but still routed by some stacks).
  '::7f00:1',
  '::127.0.0.1',
  '::a00:1',
  '::a9fe:a9fe',
  // 6to4 (2002::/16): 2002:AABB:CCDD:: reaches AA.BB.CC.DD.
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2002:808:808::1',
  // Teredo (2001::/32): the client's address is in the last 32 bits, inverted.
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '2001::1',
  // IPv4-mapped, IPv4-translated and NAT64.
  '::ffff:127.0.0.1',
  '::ffff:0:a00:1',
  '64:ff9b::a9fe:a9fe',
];

/** Private, loopback, link-local, multicast, documentation and other reserved addresses. */
const NOT_PUBLIC = [
  '0.0.0.0',
  '10.1.2.3',
  '100.64.0.1',
  '127.0.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '192.0.2.1',
  '192.168.0.1',
  '198.18.0.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  'fe80::1',
  'fd00::1',
  'fec0::1',
  'ff02::1',
  '2001:db8::1',
  '100::1',
];

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('image URL addresses', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  it.each([...REACHES_IPV4, ...NOT_PUBLIC])('%s is not a public address', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e'])(
    '%s is a public address',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses a URL naming an IPv6 form of a private IPv4 address, before any connection', async () => {
    for (const address of ['::7f00:1', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:80ff:fffe'])
      await expect(fetchImage(`https://[${address}]/a.png`, IMAGE_FETCH_DEFAULTS)).rejects.toThrow(
        'must name a public address',
      );
  });

  it('an import names each such URL by line and column, in the dry run and the import', async () => {
    const urls = [
      'https://[::7f00:1]/a.png',
      'https://[::ffff:a9fe:a9fe]/a.png',
      'https://[2002:a9fe:a9fe::]/a.png',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/a.png',
    ];
    const csv = [
      INVENTORY_CSV_COLUMNS.join(','),
      ...urls.map((url, i) => `Card ${i},Player,2020,Set,1,Baseball,,PSA,10,V6-${i},12.50,,${url}`),
    ].join('\n');
    for (const dryRun of [true, false]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/inventory/import',
        headers: admin.headers,
        payload: { csv, dryRun },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        imported: 0,
        errors: urls.map((url, i) => ({
          line: i + 2,
          column: 'image URLs',
          message: `${url} must name a public address`,
        })),
      });
    }
  });
});
