import { countTokens } from './src/tokens/count-tokens.js';
import { mulberry32 } from './src/generate/prng.js';
const rnd = mulberry32(7);
const letters = 'abcdefghijklmnopqrstuvwxyz';
const kbs = process.argv.slice(2).map(Number);
for (const kb of kbs) {
  for (const kind of ['a', 'rand', 'space', 'punct', 'emoji']) {
    const n = kb * 1000;
    let s = '';
    if (kind === 'a') s = 'a'.repeat(n); else if (kind === 'space') s = ' '.repeat(n); else if (kind === 'punct') s = '!'.repeat(n); else if (kind === 'emoji') s = '😀'.repeat(n / 2); else { const a: string[] = []; for (let i = 0; i < n; i++) a.push(letters[Math.floor(rnd() * 26)]!); s = a.join(''); }
    const t = performance.now(); const c = countTokens(s); console.log(kb, 'kB', kind, c, 'tokens', ((performance.now() - t) / 1000).toFixed(3), 's');
  }
}
