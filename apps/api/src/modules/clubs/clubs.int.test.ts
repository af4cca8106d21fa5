import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TClubSettings } from '@clubtix/contract';
import {
  createAdmin,
  createClub,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

describe('clubs', () => {
  let t: TestApp;
  let sudoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  const getClub = (clubId: string) => callEndpoint(t, endpoints.club.getClub, { query: { clubId } });
  const save = (token: string, body: Record<string, unknown>) => callEndpoint(t, endpoints.club.save, { token, body });
  const allClubs = async (token = sudoToken) =>
    (await callEndpoint(t, endpoints.club.getAllClubs, { token })).body.payload!;

  describe('GET /club/getAllClubs', () => {
    it('gives the super user every club with its admins', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const second = await createAdmin(t, club.id);
      const empty = await createClub(t);
      const clubs = await allClubs();
      expect(clubs.find((c) => c.id === club.id)).toEqual({
        id: club.id,
        name: club.name,
        description: null,
        website: null,
        logoUrl: null,
        slug: null,
        contactEmail: null,
        createdAt: club.createdAt.toISOString(),
        admins: [admin, second].map(({ row }) => ({ id: row.id, name: row.name, email: row.email })),
      });
      expect(clubs.find((c) => c.id === empty.id)?.admins).toEqual([]);
    });

    it('gives an admin its own club only', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const other = await createClubWithAdmin(t);
      const response = await callEndpoint(t, endpoints.club.getAllClubs, { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body.payload!.map((c) => c.id)).toEqual([club.id]);
      expect(response.text).not.toContain(other.club.id);
      expect(response.text).not.toContain(other.admin.row.email);
    });

    it('reads one club by clubId for those who manage it: its admins and sudo, with its contact address', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const other = await createClubWithAdmin(t);
      await save(admin.token, { id: club.id, contactEmail: 'desk@own.example' });
      const one = (token: string, clubId: string) =>
        callEndpoint(t, endpoints.club.getAllClubs, { token, query: { clubId } });
      expect((await one(admin.token, club.id)).body.payload).toMatchObject([
        { id: club.id, contactEmail: 'desk@own.example' },
      ]);
      expect((await one(sudoToken, club.id)).body.payload).toMatchObject([{ id: club.id }]);
      const elsewhere = await one(admin.token, other.club.id);
      expect(elsewhere.body.payload).toEqual([]);
      expect(elsewhere.text).not.toContain(other.admin.row.email);
    });

    it('needs a token', async () => {
      expectError(await callEndpoint(t, endpoints.club.getAllClubs), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /club/getClub', () => {
    it('is public and shows no personal data', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const response = await getClub(club.id);
      expect(response.status).toBe(200);
      expect(response.body.payload).toEqual({
        id: club.id,
        name: club.name,
        description: null,
        website: null,
        logoUrl: null,
        slug: null,
        createdAt: club.createdAt.toISOString(),
      });
      expect(response.text).not.toContain(admin.row.email);
      expect(response.text).not.toContain(admin.row.id);
      expect(response.text).not.toMatch(/admins|email|password/i);
    });

    it('answers 404 for an unknown club and 400 without a club id', async () => {
      expectError(await getClub('no-such-club'), 404, 'NOT_FOUND', 'Club not found');
      expectError(await callEndpoint(t, endpoints.club.getClub), 400, 'BAD_INPUT', /^clubId: /);
    });
  });

  describe('POST /club/save', () => {
    /** What the public read shows of a club its admins saved: all but the contact address. */
    const publicOf = ({ contactEmail: _contactEmail, ...club }: TClubSettings) => club;

    it('lets the super user create a club and update it', async () => {
      const created = await save(sudoToken, {
        name: '  Harbour Sailing  ',
        description: 'Boats',
        website: 'https://harbour.example',
      });
      expect(created.status).toBe(200);
      expect(created.body.msg).toBe('Club created');
      const club = created.body.payload!;
      expect(club).toMatchObject({
        name: 'Harbour Sailing',
        description: 'Boats',
        website: 'https://harbour.example',
        logoUrl: null,
        contactEmail: null,
      });
      expect((await getClub(club.id)).body.payload).toEqual(publicOf(club));

      const updated = await save(sudoToken, { id: club.id, name: 'Harbour Sailing Club', website: '' });
      expect(updated.status).toBe(200);
      expect(updated.body.msg).toBe('Club saved');
      // The description was left out, so it stays; the website was sent empty, so it is cleared.
      const expected = { ...club, name: 'Harbour Sailing Club', website: null };
      expect(updated.body.payload).toEqual(expected);
      expect((await getClub(club.id)).body.payload).toEqual(publicOf(expected));
    });

    it('changes only the fields an update sends: a name alone keeps the description, website and logo', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const full = {
        id: club.id,
        name: 'Full Club',
        description: 'Sailing',
        website: 'https://full.example',
        logoUrl: 'https://cdn.example.org/logo.png',
        contactEmail: 'hello@full.example',
      };
      const before = (await save(admin.token, full)).body.payload!;
      expect(before).toMatchObject(full);
      const renamed = await save(admin.token, { id: club.id, name: 'Full Club Renamed' });
      expect(renamed.body.payload).toEqual({ ...before, name: 'Full Club Renamed' });
      const described = await save(admin.token, { id: club.id, description: 'Only this' });
      const expected = { ...before, name: 'Full Club Renamed', description: 'Only this' };
      expect(described.body.payload).toEqual(expected);
      // The contact address is the admins' to read, not the public page's.
      expect((await getClub(club.id)).body.payload).toEqual(publicOf(expected));
      const cleared = await save(admin.token, {
        id: club.id,
        logoUrl: '',
        website: null,
        description: null,
        contactEmail: '',
      });
      expect(cleared.body.payload).toEqual({
        ...expected,
        logoUrl: null,
        website: null,
        description: null,
        contactEmail: null,
      });
    });

    it('takes a logo at an http(s) address, and an empty one as no logo', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      for (const logoUrl of ['https://cdn.example.org/logo.png?v=2', 'http://example.org/l.jpg']) {
        const response = await save(admin.token, { id: club.id, logoUrl });
        expect(response.status).toBe(200);
        expect((await getClub(club.id)).body.payload).toMatchObject({ logoUrl });
      }
      const created = await save(sudoToken, { name: 'Logo Club', logoUrl: '' });
      expect(created.body.payload!.logoUrl).toBeNull();
    });

    it('needs a name to create a club, not to update one', async () => {
      const before = await allClubs();
      const create = await save(sudoToken, { description: 'Nameless' });
      expectError(create, 400, 'BAD_INPUT', 'name: Club name is required');
      expect(create.body.errors?.[0]?.path).toBe('name');
      expect(await allClubs()).toEqual(before);
      const { club, admin } = await createClubWithAdmin(t);
      const update = await save(admin.token, { id: club.id, description: 'Still named' });
      expect(update.body.payload).toMatchObject({ name: club.name, description: 'Still named' });
    });

    it('lets an admin update its own club, logo included', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const logoUrl = '/api/media/0b8f3c1e-6a1d-4c43-9d55-0e6f2a1b7c9d.png';
      const response = await save(admin.token, { id: club.id, name: 'Renamed by its admin', logoUrl });
      expect(response.status).toBe(200);
      expect((await getClub(club.id)).body.payload).toMatchObject({ name: 'Renamed by its admin', logoUrl });
    });

    it('answers 403 when an admin tries to create a club, and creates none', async () => {
      const { admin } = await createClubWithAdmin(t);
      const before = await allClubs();
      expectError(
        await save(admin.token, { name: 'Sneaky Club' }),
        403,
        'FORBIDDEN',
        'Only the super user can add clubs',
      );
      expect(await allClubs()).toEqual(before);
    });

    it("answers 404 when an admin updates another club's data, and changes nothing", async () => {
      const { admin } = await createClubWithAdmin(t);
      const other = await createClub(t, 'Untouchable Club');
      const before = (await getClub(other.id)).body.payload;
      expectError(await save(admin.token, { id: other.id, name: 'Taken over' }), 404, 'NOT_FOUND', 'Club not found');
      expect((await getClub(other.id)).body.payload).toEqual(before);
    });

    it('answers 404 for an unknown id', async () => {
      expectError(await save(sudoToken, { id: 'no-such-club', name: 'Ghost' }), 404, 'NOT_FOUND');
    });

    it.each([
      ['an empty name', { name: '' }, 'name', 'Club name is required'],
      ['a blank name', { name: '   ' }, 'name', 'Club name is required'],
      ['a 10,000-character name', { name: 'n'.repeat(10_000) }, 'name', 'Club name must be at most 120 characters'],
      ['a number as name', { name: 42 }, 'name', 'Club name is required'],
      [
        'an ftp website',
        { name: 'Club', website: 'ftp://x' },
        'website',
        'Website must start with http:// or https://',
      ],
      [
        'a website with spaces',
        { name: 'Club', website: 'http://a b' },
        'website',
        'Website must start with http:// or https://',
      ],
      [
        'a javascript: logo',
        { name: 'Club', logoUrl: 'javascript:alert(1)' },
        'logoUrl',
        'Image must be uploaded through the image upload or be an http:// or https:// address',
      ],
      [
        'a data: logo',
        { name: 'Club', logoUrl: 'data:image/png;base64,iVBORw0KGgo=' },
        'logoUrl',
        'Image must be uploaded through the image upload or be an http:// or https:// address',
      ],
      [
        'a logo address of 2049 characters',
        { name: 'Club', logoUrl: `https://example.org/${'a'.repeat(2029)}` },
        'logoUrl',
        'Image address must be at most 2048 characters',
      ],
      [
        'a logo path outside media',
        { name: 'Club', logoUrl: '/api/media/../../etc/passwd' },
        'logoUrl',
        'Image must be uploaded',
      ],
      [
        'a 3,000-character description',
        { name: 'Club', description: 'd'.repeat(3000) },
        'description',
        'Description must be at most 2000 characters',
      ],
    ])('refuses %s with a 400 naming the field, and changes nothing', async (_case, body, field, message) => {
      const { club, admin } = await createClubWithAdmin(t);
      const before = (await getClub(club.id)).body.payload;
      const update = await save(admin.token, { id: club.id, ...body });
      expectError(update, 400, 'BAD_INPUT', new RegExp(`^${field}: ${message}`));
      expect(update.body.errors?.[0]?.path).toBe(field);
      expect((await getClub(club.id)).body.payload).toEqual(before);
      const create = await save(sudoToken, body);
      expectError(create, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
    });
  });

  describe('GET /club/removeClub', () => {
    it('lets the super user remove a club; its admins go with it', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const second = await createAdmin(t, club.id);
      const response = await callEndpoint(t, endpoints.club.removeClub, {
        token: sudoToken,
        query: { clubId: club.id },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ payload: { id: club.id }, msg: 'Club removed' });
      expectError(await getClub(club.id), 404, 'NOT_FOUND');
      expect((await allClubs()).some((c) => c.id === club.id)).toBe(false);
      for (const gone of [admin, second]) {
        expectError(await callEndpoint(t, endpoints.club.getAllClubs, { token: gone.token }), 401, 'UNAUTHENTICATED');
        expectError(await signIn(t, gone.row.email), 401, 'UNAUTHENTICATED');
      }
    });

    it('answers 403 to an admin, even for its own club, and removes nothing', async () => {
      const { club, admin } = await createClubWithAdmin(t);
      const response = await callEndpoint(t, endpoints.club.removeClub, {
        token: admin.token,
        query: { clubId: club.id },
      });
      expectError(response, 403, 'FORBIDDEN');
      expect((await getClub(club.id)).status).toBe(200);
      expect((await callEndpoint(t, endpoints.club.getAllClubs, { token: admin.token })).status).toBe(200);
    });

    it('answers 404 for an unknown club and 401 without a token', async () => {
      const { club } = await createClubWithAdmin(t);
      expectError(
        await callEndpoint(t, endpoints.club.removeClub, { token: sudoToken, query: { clubId: 'no-such-club' } }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await callEndpoint(t, endpoints.club.removeClub, { query: { clubId: club.id } }),
        401,
        'UNAUTHENTICATED',
      );
      expect((await getClub(club.id)).status).toBe(200);
    });
  });
});
