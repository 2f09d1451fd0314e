#!/usr/bin/env bash
# Lighthouse (mobile, its default simulated throttling) on / and /explore of a running Crumb,
# in Debian's Chromium. Lighthouse is installed on first use into the git-ignored .tools folder.
# Usage: scripts/lighthouse.sh http://127.0.0.1:3000
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-http://127.0.0.1:3000}"
if [ ! -x .tools/lighthouse/node_modules/.bin/lighthouse ]; then
  npm install --prefix .tools/lighthouse --no-save --no-package-lock --no-audit --no-fund lighthouse@13
fi
out="$(mktemp -d)"
for path in / /explore; do
  CHROME_PATH=/usr/bin/chromium .tools/lighthouse/node_modules/.bin/lighthouse "$base$path" --quiet \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
    --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$out/report.json"
  node -e '
    const r = require(process.argv[1]);
    const a = r.audits;
    const scores = Object.values(r.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`).join(", ");
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]
      .map((id) => `${id.replace(/-/g, " ")} ${a[id].displayValue}`).join(", ");
    console.log(`${process.argv[2]}: ${scores}; ${metrics}`);
  ' "$out/report.json" "$path"
done
rm -rf "$out"
