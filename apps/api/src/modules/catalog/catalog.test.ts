import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { cards, images } from '../../db/schema/index.js';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCard } from '../../../test/fixtures/catalog.js';

describe(`catalogue and store queries (${testEngine})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const seeds = {
      trout: {
        name: 'Mike Trout Update Rookie',
        player: 'Mike Trout',
        sport: 'Baseball',
        grader: 'PSA',
        grade: 'GEM MT 10',
        gradeValue: 10,
        fmvCents: 520_000,
        storePriceCents: 560_000,
        createdAt: day(1),
      },
      brady: {
        name: 'Tom Brady Contenders',
        player: 'Tom Brady',
        sport: 'Football',
        grader: 'BGS',
        grade: '9.5',
        gradeValue: 9.5,
        fmvCents: 90_000,
        storePriceCents: 99_999,
        createdAt: day(2),
      },
      lebron: {
        name: 'LeBron James Topps Chrome',
        player: 'LeBron James',
        sport: 'Basketball',
        grader: 'SGC',
        grade: '9',
        gradeValue: 9,
        fmvCents: 150_000,
        storePriceCents: 140_000,
        createdAt: day(3),
      },
      raw: {
        name: 'Wayne Gretzky O-Pee-Chee',
        player: 'Wayne Gretzky',
        sport: 'Hockey',
        grader: null,
        grade: null,
        gradeValue: null,
        certNumber: null,
        conditionNote: 'NM-MT, sharp corners',
        fmvCents: 30_000,
        storePriceCents: 25_050,
        createdAt: day(4),
      },
      percent: {
        name: '100% Authentic_Test Card',
        player: 'Someone Else',
        sport: 'Baseball',
        grader: 'PSA',
        grade: '8',
        gradeValue: 8,
        fmvCents: 1_000,
        storePriceCents: 1_500,
        createdAt: day(5),
      },
    } as const;
    for (const [key, seed] of Object.entries(seeds)) ids[key] = (await insertCard(db, seed)).id;
    // Not in the store: sold, in the case, and without a price.
    ids.sold = (await insertCard(db, { name: 'Sold Card', status: 'sold', createdAt: day(6) })).id;
    ids.inCase = (
      await insertCard(db, {
        name: 'Case Card',
        status: 'in_case',
        storePriceCents: null,
        fmvCents: 900_000,
      })
    ).id;
    ids.unpriced = (
      await insertCard(db, { name: 'Unpriced', storePriceCents: null, fmvCents: 1_200 })
    ).id;
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/products/store-items${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      products: { _id: string; name: string; storePrice: number }[];
      total: number;
      page: number;
      limit: number;
    };
  };
  const names = async (query: string) => (await list(query)).products.map((p) => p.name);

  it("answers SPEC's home call with the newest store items, prices in dollars", async () => {
    const body = await list('?limit=4&sort=createdAt&order=desc');
    expect(body.limit).toBe(4);
    expect(body.page).toBe(1);
    expect(body.total).toBe(5);
    expect(body.products.map((p) => p._id)).toEqual([ids.percent, ids.raw, ids.lebron, ids.brady]);
    const raw = body.products[1]!;
    expect(raw).toMatchObject({
      storePrice: 250.5,
      fmv: 300,
      grader: null,
      gradeLabel: 'Raw',
      status: 'available',
    });
  });

  it('sorts by every column in both directions', async () => {
    expect(await names('?sort=storePrice&order=asc')).toEqual([
      '100% Authentic_Test Card',
      'Wayne Gretzky O-Pee-Chee',
      'Tom Brady Contenders',
      'LeBron James Topps Chrome',
      'Mike Trout Update Rookie',
    ]);
    expect((await names('?sort=storePrice&order=desc'))[0]).toBe('Mike Trout Update Rookie');
    expect(await names('?sort=fmv&order=desc')).toEqual([
      'Mike Trout Update Rookie',
      'LeBron James Topps Chrome',
      'Tom Brady Contenders',
      'Wayne Gretzky O-Pee-Chee',
      '100% Authentic_Test Card',
    ]);
    expect(await names('?sort=name&order=asc')).toEqual([
      '100% Authentic_Test Card',
      'LeBron James Topps Chrome',
      'Mike Trout Update Rookie',
      'Tom Brady Contenders',
      'Wayne Gretzky O-Pee-Chee',
    ]);
    expect((await names('?sort=createdAt&order=asc'))[0]).toBe('Mike Trout Update Rookie');
  });

  it('filters by text, sport, grader, grade range and price range', async () => {
    expect(await names('?q=trout')).toEqual(['Mike Trout Update Rookie']);
    expect(await names('?q=LEBRON')).toEqual(['LeBron James Topps Chrome']);
    // Wildcards typed by a person match literally.
    expect(await names('?q=100%25')).toEqual(['100% Authentic_Test Card']);
    expect(await names('?q=_')).toEqual(['100% Authentic_Test Card']);
    expect(await names('?sport=football')).toEqual(['Tom Brady Contenders']);
    expect(await names('?grader=BGS')).toEqual(['Tom Brady Contenders']);
    expect(await names('?grader=Raw')).toEqual(['Wayne Gretzky O-Pee-Chee']);
    expect(await names('?minGrade=9.5&sort=name&order=asc')).toEqual([
      'Mike Trout Update Rookie',
      'Tom Brady Contenders',
    ]);
    expect(await names('?maxGrade=9&sort=name&order=asc')).toEqual([
      '100% Authentic_Test Card',
      'LeBron James Topps Chrome',
    ]);
    expect(await names('?minPrice=250.50&maxPrice=999.99&sort=storePrice&order=asc')).toEqual([
      'Wayne Gretzky O-Pee-Chee',
      'Tom Brady Contenders',
    ]);
    expect(await names('?sport=Baseball&grader=PSA&minGrade=10')).toEqual([
      'Mike Trout Update Rookie',
    ]);
    expect((await list('?q=nothing-like-this')).products).toEqual([]);
  });

  it('pages through results and caps the limit at 100', async () => {
    const first = await list('?limit=2&page=1&sort=name&order=asc');
    const third = await list('?limit=2&page=3&sort=name&order=asc');
    expect(first.total).toBe(5);
    expect(first.products).toHaveLength(2);
    expect(third.products.map((p) => p.name)).toEqual(['Wayne Gretzky O-Pee-Chee']);
    expect((await list('?limit=1000')).limit).toBe(100);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['sort=price', 'sort'],
    ['order=up', 'order'],
    ['grader=HGA', 'grader'],
    ['minGrade=11', 'minGrade'],
    ['maxGrade=abc', 'maxGrade'],
    ['minPrice=-5', 'minPrice'],
    ['maxPrice=1e9', 'maxPrice'],
    ['minPrice=50&maxPrice=10', 'maxPrice'],
    ['minGrade=9&maxGrade=8', 'maxGrade'],
    // Plain decimal digits only: no hexadecimal, exponent or sign.
    ['limit=0x0a', 'limit'],
    ['page=1e2', 'page'],
    ['minPrice=1e308', 'minPrice'],
    ['maxPrice=5e-324', 'maxPrice'],
    ['minPrice=21474837', 'minPrice'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/products/store-items?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', field });
    expect(res.json().message).toContain(field);
  });

  it('lists carousel cards highest value first, including the live case, never sold ones', async () => {
    const res = await t.app.inject({ url: '/api/products/carousel-cards?limit=12&minFmv=0' });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as { _id: string; fmv: number; images: string[]; imageUrl: string }[];
    expect(cards[0]).toMatchObject({ _id: ids.inCase, fmv: 9000 });
    expect(cards.map((c) => c._id)).not.toContain(ids.sold);
    expect(cards.map((c) => c.fmv)).toEqual([...cards.map((c) => c.fmv)].sort((a, b) => b - a));
    const rich = await t.app.inject({ url: '/api/products/carousel-cards?limit=2&minFmv=1000' });
    expect((rich.json() as unknown[]).length).toBe(2);
    expect((await t.app.inject({ url: '/api/products/carousel-cards?minFmv=-1' })).statusCode).toBe(
      400,
    );
  });

  it.each([
    ['minFmv=21474837', 'minFmv', 'must be at most 10000000'],
    ['minFmv=99999999999999999999', 'minFmv', 'must be at most 10000000'],
    ['minFmv=1e308', 'minFmv', 'must be an amount in dollars, such as 25 or 25.50'],
    ['minFmv=0.001', 'minFmv', 'must be an amount in dollars, such as 25 or 25.50'],
    ['limit=0x0a', 'limit', 'must be a whole number written in digits'],
    ['limit=0', 'limit', 'must be at least 1'],
  ])('refuses carousel %s with 400 naming %s', async (query, field, message) => {
    const res = await t.app.inject({ url: `/api/products/carousel-cards?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', field });
    expect(res.json().message).toBe(`Invalid querystring ${field}: ${message}`);
  });

  it('shows the full card with its cert verification link; unknown or malformed ids are 404/400', async () => {
    const res = await t.app.inject({ url: `/api/products/${ids.trout}` });
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      _id: ids.trout,
      player: 'Mike Trout',
      grader: 'PSA',
      grade: 'GEM MT 10',
      gradeLabel: 'PSA GEM MT 10',
      fmv: 5200,
      storePrice: 5600,
    });
    expect(card.certUrl).toBe(`https://www.psacard.com/cert/${card.certNumber}`);
    const sold = await t.app.inject({ url: `/api/products/${ids.sold}` });
    expect(sold.json().status).toBe('sold');
    const missing = await t.app.inject({
      url: '/api/products/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Card not found', error: 'Not Found' });
    expect((await t.app.inject({ url: '/api/products/not-an-id' })).statusCode).toBe(400);
  });
});

describe(`admin card upkeep and image upload (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const newCard = {
    name: '2003 Topps Chrome LeBron James Rookie',
    player: 'LeBron James',
    year: 2003,
    setName: 'Topps Chrome',
    cardNumber: '111',
    sport: 'Basketball',
    grader: 'PSA',
    grade: '9',
    gradeValue: 9,
    certNumber: '12345678',
    fmv: 2500,
    storePrice: 2799.99,
  };

  const multipart = (name: string, contentType: string, bytes: Buffer) => {
    const boundary = '----grail-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    return {
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('lets an admin create, update, upload images for and delete a card; users get 403', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: user.headers,
      payload: newCard,
    });
    expect(denied.statusCode).toBe(403);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: admin.headers,
      payload: newCard,
    });
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json();
    expect(card).toMatchObject({
      storePrice: 2799.99,
      fmv: 2500,
      status: 'available',
      gradeLabel: 'PSA 9',
    });

    const listed = await t.app.inject({ url: '/api/products/store-items?q=LeBron' });
    expect(listed.json().products.map((p: { _id: string }) => p._id)).toEqual([card._id]);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${card._id}`,
      headers: admin.headers,
      payload: { storePrice: 2599 },
    });
    expect(updated.json().storePrice).toBe(2599);

    const jpeg = await sharp({
      create: { width: 50, height: 70, channels: 3, background: '#336699' },
    })
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .jpeg()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cards/${card._id}/images`,
      ...multipart('front.jpg', 'image/jpeg', jpeg),
      headers: { ...admin.headers, ...multipart('front.jpg', 'image/jpeg', jpeg).headers },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url, product } = upload.json();
    expect(product.imageUrl).toBe(url);
    const image = await t.app.inject({ url: `${url}?size=md` });
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const text = multipart('notes.txt', 'text/plain', Buffer.from('not an image'));
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cards/${card._id}/images`,
      payload: text.payload,
      headers: { ...admin.headers, ...text.headers },
    });
    expect(rejected.statusCode).toBe(415);
    expect(rejected.json().message).toBe('Only JPEG, PNG and WebP images are accepted.');

    const big = multipart(
      'huge.jpg',
      'image/jpeg',
      Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1)]),
    );
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cards/${card._id}/images`,
      payload: big.payload,
      headers: { ...admin.headers, ...big.headers },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Images can be at most 10 MB.');

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cards/${card._id}/images`,
      headers: admin.headers,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/cards/${card._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/products/${card._id}` })).statusCode).toBe(404);
  });

  it('refuses to delete or reprice a sold card', async () => {
    const sold = await insertCard(t.database.db, { status: 'sold' });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/cards/${sold.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This card is sold and cannot be deleted.');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${sold.id}`,
      headers: admin.headers,
      payload: { storePrice: 1 },
    });
    expect(patch.statusCode).toBe(409);
  });

  it.each([
    [{ storePrice: 5e-324 }, 'storePrice', 'must be at least 0.01'],
    [{ storePrice: 0.001 }, 'storePrice', 'must be at least 0.01'],
    [{ storePrice: 10.005 }, 'storePrice', 'must have at most 2 decimals'],
    [{ fmv: 1e308 }, 'fmv', 'must be at most 10000000'],
    [{ fmv: 21474837 }, 'fmv', 'must be at most 10000000'],
    [{ gradeValue: 9.25 }, 'gradeValue', 'must be a whole or half grade'],
    [{ imageIds: ['a', 'a'] }, 'imageIds', 'must not list an image twice'],
    [{ imageIds: ['../x'] }, 'imageIds.0', 'must be the id of an uploaded image'],
  ])('refuses a card with %o, naming %s and writing nothing', async (change, field, message) => {
    const count = () => t.database.db.select({ n: sql<number>`count(*)::int` }).from(cards);
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: admin.headers,
      payload: { ...newCard, ...change },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
    expect(res.json().message).toContain(message);
    expect(await count()).toEqual(before);
  });

  it('refuses image ids no upload answered, on create and on update', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: admin.headers,
      payload: { ...newCard, imageIds: ['never-uploaded'] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      field: 'imageIds',
      message: 'Invalid body imageIds: no uploaded image has the id never-uploaded',
    });

    const card = await insertCard(t.database.db, { imageIds: [] });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${card.id}`,
      headers: admin.headers,
      payload: { imageIds: ['never-uploaded'], name: 'Renamed' },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().field).toBe('imageIds');
    const [row] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ imageIds: [], name: card.name });

    // An uploaded image may be listed.
    const imageId = await t.app.services.images.store(
      await sharp({ create: { width: 5, height: 7, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/cards/${card.id}`,
      headers: admin.headers,
      payload: { imageIds: [imageId] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().images).toHaveLength(1);
  });

  it('refuses a truncated PNG with 400 saying the file is damaged, storing nothing', async () => {
    const card = await insertCard(t.database.db, { imageIds: [] });
    const png = await sharp({
      create: { width: 300, height: 420, channels: 3, background: '#336699' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const truncated = multipart('front.png', 'image/png', png.subarray(0, png.length / 2));
    const count = () => t.database.db.select({ n: sql<number>`count(*)::int` }).from(images);
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/cards/${card.id}/images`,
      payload: truncated.payload,
      headers: { ...admin.headers, ...truncated.headers },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      field: 'image',
      message: 'The image could not be read: the file is damaged or incomplete. Upload it again.',
    });
    expect(await count()).toEqual(before);
    const [row] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.imageIds).toEqual([]);
  });

  it('rejects a graded card without a grade, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: admin.headers,
      payload: { ...newCard, grade: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('grade');
  });
});

describe(`store queries use the indexes (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Enough rows (most of them not in the store) that the planner prefers an index to a scan.
    await t.database.db.execute(sql`
      insert into cards (name, player, year, set_name, card_number, sport, fmv_cents, store_price_cents, status)
      select 'Card ' || g, 'Player ' || g, 2000, 'Set', g::text, 'Baseball', g * 10,
             case when g % 10 = 0 then g * 12 end,
             case when g % 3 = 0 then 'sold' else 'available' end
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`analyze cards`);
  });
  afterAll(() => t.close());

  it.each([
    ['createdAt', 'desc', 'cards_store_newest_idx'],
    ['storePrice', 'asc', 'cards_store_price_idx'],
    ['fmv', 'desc', 'cards_store_fmv_idx'],
    ['name', 'asc', 'cards_store_name_idx'],
  ])('sort=%s&order=%s walks %s', async (sort, order, index) => {
    const query = t.app.services.catalog.storeItemsSql({
      limit: 24,
      page: 1,
      sort: sort as 'name',
      order: order as 'asc',
    });
    const plan = await t.database.db.execute(sql`explain ${query}`);
    const text = JSON.stringify((plan as { rows?: unknown[] }).rows ?? plan);
    expect(text).toContain(index);
  });
});
