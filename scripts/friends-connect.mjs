// Measures the friends' transport (issue 55) on this machine: the time from
// the answer entered on the host's page to its data channel open, two
// browser contexts, host candidates only, median of N connections
// (docs/friends.md records it). On a release build:
//
//   trunk build --release --dist /tmp/dist-friends
//   TABLEE_DIST=/tmp/dist-friends node scripts/friends-connect.mjs [--runs 10] [--stun stun:host:port]
import { median, scriptArg } from '../tests/e2e/lib.mjs';
import { connect, friendsPage, startFriends } from '../tests/e2e/friends-lib.mjs';

const runs = Number(scriptArg('--runs', '10'));
const stun = scriptArg('--stun', '');
const env = await startFriends();
const times = [];
const sizes = [];
try {
  for (let i = 0; i < runs; i++) {
    const host = await friendsPage(env);
    const friend = await friendsPage(env);
    const { ms, invitation, answer } = await connect(host, friend, { stun });
    times.push(ms);
    sizes.push([invitation.length, answer.length]);
    await host.context.close();
    await friend.context.close();
  }
} finally {
  await env.close();
}
const round = (x) => Math.round(x * 10) / 10;
console.log(`answer entered -> channel open, ${runs} runs${stun ? ` (STUN ${stun})` : ''}: median ${round(median(times))} ms, min ${round(Math.min(...times))}, max ${round(Math.max(...times))}`);
console.log(`codes: invitation ${[...new Set(sizes.map((s) => s[0]))].join('/')} characters, answer ${[...new Set(sizes.map((s) => s[1]))].join('/')}`);
