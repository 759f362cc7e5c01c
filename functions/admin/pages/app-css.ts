/** The dashboard stylesheet: readable from phone width up, visible focus, respects dark mode. */
export const APP_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #5b6470; --line: #d5d9de; --accent: #1f5fbf; --danger: #b3261e; --soft: #f3f5f8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ed; --bg: #15181c; --muted: #a3acb7; --line: #39404a; --accent: #7fb0ff; --danger: #ff8a80; --soft: #1f242a; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: .5rem; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .75rem 1rem; border-bottom: 1px solid var(--line); background: var(--soft); }
.brand { font-weight: 700; }
.top nav ul { display: flex; flex-wrap: wrap; gap: .25rem .75rem; list-style: none; margin: 0; padding: 0; }
.top nav a { text-decoration: none; padding: .25rem .1rem; }
.top nav a[aria-current="page"] { font-weight: 700; border-bottom: 2px solid var(--accent); }
.who { margin-left: auto; color: var(--muted); overflow-wrap: anywhere; }
main { max-width: 64rem; margin: 0 auto; padding: 1rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
section.card, .card { border: 1px solid var(--line); border-radius: 8px; padding: .25rem 1rem 1rem; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; display: block; overflow-x: auto; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.detail { font-family: ui-monospace, monospace; font-size: .85rem; overflow-wrap: anywhere; max-width: 28rem; }
code { font-family: ui-monospace, monospace; font-size: .9em; overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
input, select, textarea, button { font: inherit; color: inherit; }
input, select, textarea { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .35rem .5rem; max-width: 100%; }
textarea { width: 100%; }
button { background: var(--accent); color: var(--bg); border: 0; border-radius: 6px; padding: .4rem .9rem; cursor: pointer; }
button.danger { background: transparent; color: var(--danger); border: 1px solid var(--danger); }
button[disabled] { opacity: .6; cursor: progress; }
.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.row input { flex: 1 1 14rem; }
.stack { display: grid; gap: .75rem; max-width: 40rem; }
.stack label, fieldset label { display: grid; gap: .2rem; }
label.check { display: flex; gap: .5rem; align-items: center; }
fieldset { border: 1px solid var(--line); border-radius: 8px; display: grid; gap: .6rem; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin-bottom: 1rem; }
.filters label { display: grid; gap: .2rem; }
.once { border: 2px solid var(--accent); border-radius: 8px; padding: .5rem 1rem; margin: 1rem 0; background: var(--soft); }
.once input { font-family: ui-monospace, monospace; }
.expiry.soon { color: var(--danger); font-weight: 600; }
.expiry.expired { color: var(--danger); text-decoration: line-through; }
.status { min-height: 1.5em; margin: .5rem 0; }
.status.error { color: var(--danger); font-weight: 600; }
.meta { color: var(--muted); font-size: .9rem; }
.beliefs, .live { list-style: none; padding: 0; }
.belief { border-bottom: 1px solid var(--line); padding: .6rem 0; }
.belief.superseded .statement { text-decoration: line-through; color: var(--muted); }
.statement { margin: 0 0 .25rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 999px; padding: 0 .5rem; font-size: .8rem; }
.tag.pin { border-color: var(--accent); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: start; }
.persona { white-space: pre-wrap; background: var(--soft); padding: .75rem; border-radius: 8px; }
progress { width: min(20rem, 100%); }
figure { margin: 1rem 0; }
figcaption { color: var(--muted); font-size: .9rem; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
svg.chart { width: 100%; height: auto; max-width: 40rem; display: block; }
svg.chart .axis { stroke: var(--line); }
svg .bar { fill: var(--accent); }
svg .bar.alt { fill: var(--muted); }
svg.chart .label { fill: var(--muted); font-size: 11px; }
@media (max-width: 40rem) { .who { margin-left: 0; width: 100%; } .facts { grid-template-columns: 1fr; } .facts dd { margin-bottom: .5rem; } }
/* Sign-in and error pages: no dashboard chrome. */
body.plain { max-width: 32rem; margin: 4rem auto; padding: 0 1rem; }
.plain-alert { color: var(--danger); }
.plain-input { width: 100%; padding: .5rem; margin: .25rem 0 1rem; }
`;
