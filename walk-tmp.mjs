import { chromium } from 'playwright-core';
import fs from 'fs';
import { launchArgs, B, watch, ready } from '/tmp/walk/lib.mjs';
const browser = await chromium.launch(launchArgs);
const page = await browser.newPage({ viewport:{width:1280,height:900}});
await page.addInitScript({content: fs.readFileSync('/tmp/walk/timeline.js','utf8')});
const errs=[]; watch(page,errs);
for (const g of process.argv.slice(2)) {
await page.goto('about:blank'); await page.goto(B+'#game='+g);
await ready(page, 120000); await page.waitForTimeout(300);
console.log(g); for (const x of await page.evaluate(()=>window.__tl)) console.log(' ', x[0]+'ms', JSON.stringify(x[1]));
}
console.log(errs);
await browser.close();
