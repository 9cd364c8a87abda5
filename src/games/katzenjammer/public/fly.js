// KB-12 on Katzenjammer's table, shown (index.html's tableeAnimate calls it after
// a move that won an auction, the page already updated): the row's cards
// (`row`, their HTML read before the update) fly from where the row is (the
// same place, empty now) to the winner's seat,
// then the cards it paid (`paid`) leave it, the naturals for the discard pile,
// the jokers for its displayed jokers. FLIP style, 350 ms each, with the Web
// Animations API; decoration only (the game moved on before; the flying cards
// take no clicks and leave the page when they land), none with reduced
// motion. Not in the first load:
// fetched on the first flight, precached by the service worker like every file.

const box = (selector) => document.querySelector(selector)?.getBoundingClientRect();

/** Cards (`html`, list items) from the box `a` to the box `b`, after `delay` ms. */
function flight(html, a, b, delay) {
  if (!html || !a || !b) return;
  const el = document.createElement('ul');
  el.className = 'cards fly';
  el.setAttribute('aria-hidden', 'true');
  // A copy of the row must not answer for it (tests, screen readers).
  el.innerHTML = html.replace(/ data-testid="[^"]*"/g, '');
  const x = a.left + Math.min(a.width, 200) / 2 - 24;
  const y = a.top + a.height / 2 - 34;
  // Over everything, taking no clicks; the cards in a fanned pile.
  el.style.cssText = `position:fixed;z-index:9;pointer-events:none;flex-wrap:nowrap;left:${x}px;top:${y}px`;
  for (const li of [...el.children].slice(1)) li.style.marginLeft = 'calc(var(--card-w) * -0.8)';
  document.body.append(el);
  const to = `translate(${b.left + b.width / 2 - 24 - x}px,${b.top + b.height / 2 - 34 - y}px) scale(.6)`;
  el.animate([{ transform: 'none' }, { transform: to, opacity: 0.3 }], {
    id: 'fly',
    duration: 350,
    delay,
    easing: 'ease-in-out',
    fill: 'both',
  }).finished.finally(() => el.remove());
}

export function animate(row, seat, paid) {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const at = `[data-testid="player-${seat}"]`;
  const cards = document.createElement('ul');
  cards.innerHTML = paid;
  const jokers = [...cards.querySelectorAll('.joker')].map((li) => li.remove() || li.outerHTML).join('');
  flight(row, box('[data-testid="row"]'), box(at), 0);
  flight(cards.innerHTML, box(at), box('[data-testid="discard-toggle"]'), 200);
  flight(jokers, box(at), box(`${at} .stats`), 200);
}
