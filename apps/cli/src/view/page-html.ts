/** Which page the one bundled script draws: the run list, a run, or a scene file. */
export type PageKind = 'runs' | 'run' | 'scene';

/** The view's HTML documents; the bundled script fills them from the JSON routes. */
export function pageHtml(title: string, kind: PageKind): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
${kind === 'runs' ? runsBody : sceneBody(title, kind)}
<script type="module" src="/page.js"></script>
</html>
`;
}

const STYLE = `
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #222; }
  body[data-page="run"], body[data-page="scene"] { display: flex; height: 100vh; }
  #main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
  #bar { display: flex; gap: 8px; align-items: center; padding: 6px 10px; border-bottom: 1px solid #ddd; background: #f6f6f3; }
  #bar input { width: 220px; }
  #graph { flex: 1; position: relative; background: #fcfcfa; }
  #panel { width: 400px; overflow-y: auto; padding: 12px 16px; border-left: 1px solid #ddd; background: #fff; }
  #panel h1 { font-size: 16px; margin: 0 0 6px; word-break: break-all; }
  #panel h2 { font-size: 13px; margin: 14px 0 4px; text-transform: uppercase; color: #666; }
  #panel ol, #panel ul { margin: 0; padding-left: 22px; }
  #panel li.current { font-weight: 600; }
  #panel li.done { color: #2a7a2a; }
  #panel li.failed { color: #b00020; }
  #panel dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; }
  #panel dt { color: #666; }
  #panel dd { margin: 0; word-break: break-word; }
  #error, #steer-error { color: #b00020; font-weight: 600; }
  #steer button { margin: 2px 6px 2px 0; }
  #legend { display: grid; grid-template-columns: 1fr 1fr; gap: 2px 8px; font-size: 12px; }
  #legend i { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: middle; }
  #legend i.line { width: 14px; height: 3px; border-radius: 0; }
  #legend i.box { background: #fff; border: 1px solid #888; border-radius: 2px; }
  .layer-name { position: absolute; left: 8px; z-index: 10; pointer-events: none; font-size: 12px;
    color: #888; text-transform: uppercase; letter-spacing: 0.05em; }
  .touched { background: #fdf0c2; }
  #runs-page { max-width: 1400px; margin: 0 auto; padding: 16px 24px; }
  #runs-page h1 { font-size: 20px; margin: 0 0 10px; }
  #runs-filter { width: 360px; padding: 4px 6px; margin-bottom: 10px; }
  #runs { border-collapse: collapse; width: 100%; }
  #runs th, #runs td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
  #runs th { color: #666; font-weight: 600; font-size: 12px; text-transform: uppercase; }
  #runs td.outcome-failed, #runs td.outcome-plan-failed, #runs td.outcome-execution-failed { color: #b00020; }
  #runs td.outcome-completed, #runs td.outcome-verified, #runs td.outcome-answered, #runs td.outcome-found { color: #2a7a2a; }
`;

const runsBody = `<body data-page="runs">
<main id="runs-page">
  <h1>groundplan runs</h1>
  <p id="error" hidden></p>
  <input id="runs-filter" type="search" placeholder="filter: words of the instruction, robot, planner, outcome, run id">
  <span id="runs-count"></span>
  <table id="runs">
    <thead><tr><th>instruction</th><th>outcome</th><th>robot</th><th>planner</th><th>scene</th><th>started (UTC)</th><th>took</th><th>run</th></tr></thead>
    <tbody></tbody>
  </table>
</main>
</body>`;

function sceneBody(title: string, kind: PageKind): string {
  return `<body data-page="${kind}">
<div id="main">
  <nav id="bar">
    ${kind === 'run' ? '<a href="/">all runs</a>' : ''}
    <label>show <select id="floor"><option value="">all floors, by layer</option></select></label>
    <input id="find" type="search" list="node-ids" placeholder="find a node by id or name">
    <datalist id="node-ids"></datalist>
    <button id="fit" type="button">fit</button>
  </nav>
  <div id="graph"></div>
</div>
<aside id="panel">
  <h1 id="title">${escapeHtml(title)}</h1>
  <p id="error" hidden></p>
  <p id="status"></p>
  <p id="progress"></p>
  <section id="steer" hidden>
    <h2 id="steer-title"></h2>
    <div id="steer-buttons"></div>
    <p id="steer-error" hidden></p>
  </section>
  <p id="links"></p>
  <section id="story" hidden>
    <h2>Reading</h2>
    <p id="reading"></p>
    <div id="answer-part" hidden><h2>Answer</h2><p id="answer"></p></div>
    <div id="goals-part" hidden><h2>Goals</h2><ul id="goals"></ul></div>
    <div id="effects-part" hidden><h2>Side effects</h2><ul id="side-effects"></ul></div>
  </section>
  <section id="node" hidden>
    <h2>Node <span id="node-id"></span></h2>
    <dl id="node-facts"></dl>
  </section>
  <section id="plan" hidden>
    <h2>Plan</h2>
    <ol id="plan-steps"></ol>
  </section>
  <section id="did" hidden>
    <h2>What the robot did</h2>
    <ol id="did-steps"></ol>
  </section>
  <section id="moved" hidden>
    <h2>What moved</h2>
    <ul id="changes"></ul>
  </section>
  <section id="search" hidden>
    <h2>Search steps</h2>
    <input id="search-step" type="range" min="1" max="1" value="1" style="width: 100%">
    <ol id="search-steps"></ol>
  </section>
  <h2>Legend</h2>
  <div id="legend"></div>
</aside>
</body>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
