import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  type CasdoorSdk,
  expectAffected,
  type Row,
  recordOf,
  rowsOf,
  sdkRecord,
  sdkSuite,
} from '../../test-support/casdoor-sdk.js';
import { describeEachDatabase } from '../../test-support/suite.js';

const ORG = 'sdk-files';

/** A small but well-formed PDF (one empty page). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** An empty zip archive (its end-of-central-directory record alone). */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

/**
 * Resources through casdoor-nodejs-sdk (client credentials of an application of the built-in
 * organization): uploadResource with a file stream (a PDF, a zip) and a Buffer, the records it
 * leaves, and add, get, list, update and delete.
 */
describeEachDatabase('casdoor-nodejs-sdk: resources and uploads', (server) => {
  let sdk: CasdoorSdk;
  let folder: string;

  beforeAll(async () => {
    ({ sdk } = await sdkSuite(server().url, ORG, 'sdk-files-app'));
    expectAffected(await sdk.addUser(sdkRecord({ owner: ORG, name: 'alice', password: 'alice-pass-1' })));
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-uploads-'));
    fs.writeFileSync(path.join(folder, 'report.pdf'), PDF);
    fs.writeFileSync(path.join(folder, 'bundle.zip'), ZIP);
  });

  afterAll(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Uploads `file` as the SDK does: user = resource.owner, tag = resource.name, the file path as given. */
  async function upload(fileName: string, tag: string, file: unknown) {
    const resource = { owner: 'alice', name: tag, parent: 'docs', fullFilePath: `resource/${ORG}/alice/${fileName}` };
    return answerOf(await sdk.uploadResource(resource, file));
  }

  describe('uploadResource', () => {
    it('uploads a PDF stream: data = its URL, data2 = its key, which names the Resource recorded', async () => {
      const answer = await upload('report.pdf', 'custom', fs.createReadStream(path.join(folder, 'report.pdf')));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      const key = String(answer.data2);
      expect(key).toMatch(/report.*\.pdf$/);
      const served = await fetch(String(answer.data));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

      const record = recordOf(await sdk.getResource(key));
      expect(record).toMatchObject({
        owner: ORG,
        name: key,
        user: 'alice',
        application: 'sdk-files-app',
        tag: 'custom',
        parent: 'docs',
        fileFormat: '.pdf',
        fileSize: PDF.length,
        url: answer.data,
      });
    });

    it('uploads a zip stream, stored as it was sent', async () => {
      const answer = await upload('bundle.zip', 'custom', fs.createReadStream(path.join(folder, 'bundle.zip')));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      const record = recordOf(await sdk.getResource(String(answer.data2)));
      expect(record).toMatchObject({ fileFormat: '.zip', fileSize: ZIP.length, tag: 'custom' });
      const served = await fetch(String(answer.data));
      expect(Buffer.from(await served.arrayBuffer()).equals(ZIP)).toBe(true);
    });

    it('uploads a bare Buffer (form-data sends it as application/octet-stream without a file name)', async () => {
      // Casdoor refuses this one: Go's multipart reader keeps a part without a filename as a form
      // value, so c.GetFile("file") answers "http: no such file". Gatehouse takes an octet-stream
      // part as the file, named by fullFilePath.
      const answer = await upload('raw.pdf', 'custom', Buffer.from(PDF));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      expect(recordOf(await sdk.getResource(String(answer.data2)))).toMatchObject({ fileFormat: '.pdf', fileSize: PDF.length });
      const served = await fetch(String(answer.data));
      expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it('uploads a Buffer that carries its file name (form-data reads `name`)', async () => {
      const answer = await upload('named.pdf', 'custom', Object.assign(Buffer.from(PDF), { name: 'named.pdf' }));
      expect(answer, answer.msg).toMatchObject({ status: 'ok' });
      expect(recordOf(await sdk.getResource(String(answer.data2)))).toMatchObject({ fileFormat: '.pdf', fileSize: PDF.length });
    });
  });

  describe('resource records', () => {
    it("lists the organization's resources", async () => {
      const all = rowsOf(await sdk.getResources(ORG, '', '', '', '', ''));
      expect(all.map((r) => r.fileFormat).sort()).toEqual(['.pdf', '.pdf', '.pdf', '.zip']);
      expect(all.every((r) => r.owner === ORG && r.user === 'alice')).toBe(true);
    });

    // Casdoor v3.158 (controllers/resource.go GetResources): IsOrgAdmin, true for an application's
    // credentials and for administrators, sets user = "": an administrator lists every file of owner.
    it('ignores the user of getResources(owner, user) for an administrator, as Casdoor does', async () => {
      expect(rowsOf(await sdk.getResources(ORG, 'alice', '', '', '', ''))).toHaveLength(4);
      expect(rowsOf(await sdk.getResources(ORG, 'nobody', '', '', '', ''))).toHaveLength(4);
    });

    it('adds a record without a file, reads, updates it', async () => {
      expectAffected(
        await sdk.addResource({
          owner: ORG,
          name: 'manual-note',
          user: 'alice',
          application: 'sdk-files-app',
          tag: 'custom',
          fileType: 'other',
          description: 'Kept elsewhere',
        }),
        'addResource',
      );
      const record = recordOf(await sdk.getResource('manual-note')) as Row;
      expect(record).toMatchObject({ owner: ORG, name: 'manual-note', user: 'alice', description: 'Kept elsewhere' });
      expectAffected(
        await sdk.updateResource(sdkRecord({ ...record, owner: ORG, name: 'manual-note', description: 'Moved' })),
        'updateResource',
      );
      expect(recordOf(await sdk.getResource('manual-note'))).toMatchObject({ description: 'Moved' });
    });

    it("updates an uploaded file's description, but not what describes the stored file", async () => {
      const pdf = rowsOf(await sdk.getResources(ORG, 'alice', '', '', '', '')).find((r) => r.fileFormat === '.pdf') as Row;
      const name = String(pdf.name);
      expectAffected(await sdk.updateResource(sdkRecord({ ...pdf, owner: ORG, name, description: 'Quarterly report' })));
      expect(recordOf(await sdk.getResource(name))).toMatchObject({ description: 'Quarterly report' });
      const moved = answerOf(
        await sdk.updateResource(sdkRecord({ ...pdf, owner: ORG, name, url: 'https://elsewhere.example/x.pdf' })),
      );
      expect(moved).toMatchObject({ status: 'error', code: 'fieldLocked' });
    });

    // The SDK posts {owner, name} as JSON text (JSON.stringify), which axios labels
    // application/x-www-form-urlencoded; Casdoor unmarshals the raw body whatever its content type
    // (controllers/resource.go DeleteResource).
    it('deletes a record and an uploaded file with deleteResource', async () => {
      expectAffected(await sdk.deleteResource({ owner: ORG, name: 'manual-note' }), 'deleteResource');
      expect(recordOf(await sdk.getResource('manual-note'))).toBeNull();
      const zip = rowsOf(await sdk.getResources(ORG, 'alice', '', '', '', '')).find((r) => r.fileFormat === '.zip') as Row;
      expectAffected(await sdk.deleteResource({ owner: ORG, name: String(zip.name) }), 'deleteResource');
      expect(recordOf(await sdk.getResource(String(zip.name)))).toBeNull();
      expect((await fetch(String(zip.url))).status).toBe(404);
    });
  });
});
