// Browser tests drive Debian's Chromium (browser downloads are impossible on these machines).
// When it is missing and we are root with apt-get, install it; otherwise say what to do.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(`Chromium not found at ${path}. Install Debian's "chromium" package, or set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}
console.log(`Chromium not found at ${path}: installing Debian's chromium package…`);
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} catch {
  console.error('Installing chromium with apt-get failed; browser tests cannot run.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} still does not exist.`);
  process.exit(1);
}
