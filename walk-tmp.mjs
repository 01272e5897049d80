import { chromium } from 'playwright-core';
import { launchArgs, B, watch, ready } from '/tmp/walk/lib.mjs';
const browser = await chromium.launch(launchArgs);
const page = await browser.newPage({ viewport:{width:1280,height:900}});
const errs=[]; watch(page,errs);
await page.goto(B+'#game=dodgem&vs=none'); await ready(page);
const rem = v => { const m=/in (\d+)/.exec(v||''); return m? +m[1] : (v?.startsWith('draw')? 999: 0); };
for (let i=0;i<44;i++){
  const s = await page.evaluate(()=>({ply: document.querySelector('.board-area').dataset.ply, turn: document.querySelector('.turn')?.textContent}));
  if (s.turn.includes('Game over')) { console.log('over at', s.ply, s.turn); break; }
  const ms = await page.$$eval('g.move', gs=>gs.map(g=>({m:g.dataset.move, v:g.dataset.value})));
  // prefer the longest-lasting move, but alternate to avoid repetition
  ms.sort((a,b)=>rem(b.v)-rem(a.v));
  const c = ms[0];
  await page.locator(`g.move[data-move="${c.m}"]`).first().click();
  await page.waitForFunction((p)=>{const ba=document.querySelector('.board-area'); return ba.dataset.ply!==p && ba.dataset.ready==='yes';}, s.ply);
  await page.waitForTimeout(450);
}
console.log(await page.evaluate(()=>({ply: document.querySelector('.board-area').dataset.ply, turn: document.querySelector('.turn')?.textContent, last: [...document.querySelectorAll('figure.history circle title')].slice(-3).map(t=>t.textContent), r: document.querySelector('figure.history circle')?.getAttribute('r'), letters: document.querySelectorAll('figure.history svg > g text').length})));
const fig = page.locator('figure.history'); await fig.screenshot({path:'/tmp/walk/chart-dodgem-1280.png'});
await page.setViewportSize({width:390,height:844}); await page.waitForTimeout(500);
await fig.screenshot({path:'/tmp/walk/chart-dodgem-390.png'});
const bb = await fig.boundingBox(); console.log('390 chart box', JSON.stringify(bb));
console.log(errs);
await browser.close();
