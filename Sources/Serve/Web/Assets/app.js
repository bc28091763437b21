// The page's side of `storyboard serve --http`: a terminal filling the tab, connected to one
// session over a WebSocket. The protocol is WebProtocol's (Sources/Serve/Web): binary
// messages whose first byte says what follows. Nothing here is built from server data as
// HTML: notices are set as text.
(function () {
  'use strict';

  var params = new URLSearchParams(location.hash.slice(1));
  var token = params.get('token') || '';
  var screenReader = params.get('screen-reader') === '1';
  var encoder = new TextEncoder();
  var notice = document.getElementById('notice');
  var noticeText = document.getElementById('notice-text');
  var term = null;
  var socket = null;

  // Flow control: the terminal parses what it is given in slices; while more than this many
  // writes wait, the server is asked to pause the program's output.
  var PAUSE_AT = 20, RESUME_AT = 4;
  var KEEPALIVE_MS = 10000, SILENCE_MS = 25000;

  function send(type, body) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    var bytes = body ? new Uint8Array(1 + body.length) : new Uint8Array(1);
    bytes[0] = type.charCodeAt(0);
    if (body) bytes.set(body, 1);
    socket.send(bytes);
  }

  function sendSize() {
    var b = new Uint8Array(4);
    b[0] = term.cols >> 8; b[1] = term.cols & 255; b[2] = term.rows >> 8; b[3] = term.rows & 255;
    send('1', b);
  }

  function showNotice(text) {
    noticeText.textContent = text;
    notice.hidden = false;
    document.getElementById('restart').focus();
  }

  function connect() {
    notice.hidden = true;
    if (term) term.destroy();
    term = new Terminal({ screenReaderMode: screenReader, fontFamily: 'DejaVu Sans Mono, monospace', fontSize: 15 });
    window.storyboardTerminal = term;
    term.open(document.getElementById('terminal'));
    term.fit();
    term.focus();

    var url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    url.search = '';
    var ws = new WebSocket(url.href);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    var decoder = new TextDecoder('utf-8');
    var ended = false, paused = false, lastHeard = Date.now();
    var timer = setInterval(function () {
      if (Date.now() - lastHeard > SILENCE_MS) { ws.close(); return; }
      send('4');
    }, KEEPALIVE_MS);

    function waiting() { return term._core.writeBuffer.length; }
    function checkResume() {
      if (ws !== socket) return;
      if (waiting() <= RESUME_AT) { paused = false; send('3'); } else { setTimeout(checkResume, 20); }
    }

    ws.onopen = function () {
      var path = location.pathname.split('/').pop();
      var hello = { columns: term.cols, rows: term.rows, path: path };
      if (token) hello.token = token;
      if (screenReader) hello.screenReader = true;
      send('{', encoder.encode(JSON.stringify(hello)).subarray(1));
    };
    ws.onmessage = function (event) {
      lastHeard = Date.now();
      if (typeof event.data === 'string') return;
      var bytes = new Uint8Array(event.data);
      if (bytes.length === 0) return;
      var type = String.fromCharCode(bytes[0]);
      if (type === '0') {
        term.write(decoder.decode(bytes.subarray(1), { stream: true }));
        if (!paused && waiting() > PAUSE_AT) { paused = true; send('2'); setTimeout(checkResume, 20); }
      } else if (type === '9') {
        ended = true;
        var end = {};
        try { end = JSON.parse(new TextDecoder().decode(bytes.subarray(1))); } catch (e) { end = {}; }
        document.body.dataset.ended = end.reason || 'unknown';
        showNotice(end.message || 'The session ended.');
      }
    };
    ws.onclose = function () {
      clearInterval(timer);
      if (ws !== socket) return;
      if (!ended) {
        document.body.dataset.ended = 'connection';
        showNotice('The connection to the server was lost.');
      }
    };
    term.on('data', function (data) { send('0', encoder.encode(data)); });
    term.on('resize', function () { sendSize(); });
  }

  window.addEventListener('resize', function () { if (term) term.fit(); });
  document.getElementById('restart').addEventListener('click', function () {
    delete document.body.dataset.ended;
    connect();
  });
  var link = document.getElementById('screen-reader');
  if (screenReader) link.textContent = 'Leave screen-reader mode';
  link.addEventListener('click', function (event) {
    event.preventDefault();
    if (screenReader) params.delete('screen-reader'); else params.set('screen-reader', '1');
    location.hash = params.toString();
    location.reload();
  });
  connect();
})();
