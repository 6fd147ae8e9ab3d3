/** The one HTML document of the view; the bundled script draws whatever the address names. */
export function pageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; display: flex; height: 100vh; color: #222; }
  #graph { flex: 1; position: relative; background: #fcfcfa; }
  #panel { width: 360px; overflow-y: auto; padding: 12px 16px; border-left: 1px solid #ddd; background: #fff; }
  #panel h1 { font-size: 16px; margin: 0 0 6px; word-break: break-all; }
  #panel h2 { font-size: 13px; margin: 14px 0 4px; text-transform: uppercase; color: #666; }
  #panel ol { margin: 0; padding-left: 22px; }
  #panel li.current { font-weight: 600; }
  #panel li.done { color: #2a7a2a; }
  #error { color: #b00020; font-weight: 600; }
  #legend span { display: inline-block; margin-right: 8px; }
  #legend i { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 3px; }
  .layer-name { position: absolute; left: 8px; z-index: 10; pointer-events: none; font-size: 12px;
    color: #888; text-transform: uppercase; letter-spacing: 0.05em; }
</style>
</head>
<body>
<div id="graph"></div>
<aside id="panel">
  <h1 id="title">${escapeHtml(title)}</h1>
  <p id="error" hidden></p>
  <p id="status"></p>
  <p id="progress"></p>
  <p id="links"></p>
  <div id="legend"></div>
  <section id="search" hidden>
    <h2>Search steps</h2>
    <input id="search-step" type="range" min="1" max="1" value="1" style="width: 100%">
    <ol id="search-steps"></ol>
  </section>
  <section id="plan" hidden>
    <h2>Plan</h2>
    <ol id="plan-steps"></ol>
  </section>
</aside>
<script type="module" src="/page.js"></script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
