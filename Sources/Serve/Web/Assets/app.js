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
    rememberSize();
  }

  // The size this page has and its terminal's cell, for the server to draw the next load's
  // first screen at (the cookie carries nothing else, and nothing the server trusts).
  function rememberSize() {
    var cell = term._core.renderer.dimensions;
    document.cookie = 'storyboard-size=' + term.cols + 'x' + term.rows + '@' + Math.round(cell.actualCellWidth) + 'x' +
      Math.round(cell.actualCellHeight) + '; path=/; max-age=31536000; samesite=strict';
  }

  // The session's first screen, in the page as the server sent it (#first-screen): painted
  // before any script ran, over the terminal, until the terminal holds a screen that differs
  // from it. While the session's screen is the same, the page shows it already; at the first
  // change (a key, a redraw at another size) the terminal is shown, so the handover is never
  // seen as a jump. A screen that differs from the start is given up once the session's
  // output has been quiet for a moment (its first frame is whole: outputArrived).
  // body[data-first-screen] says where it stands: "shown", "matched", then why it went.
  var firstScreen = document.getElementById('first-screen');
  var firstMatched = false, quietTimer = null, QUIET_MS = 150;
  if (firstScreen) document.body.dataset.firstScreen = 'shown';

  // One row as comparable tokens: each cell's character and the classes it is drawn with
  // (a blank's text colour and weight draw nothing, so only its background and underline
  // count), trailing blanks of the default colours left out (the server leaves them out too).
  function cellToken(ch, names) {
    if (ch === ' ') names = names.filter(function (name) { return name.charAt(0) === 'b' || name === 'U'; });
    return ch + '|' + names.join(' ');
  }
  function trimmed(cells) {
    while (cells.length && cells[cells.length - 1] === ' |') cells.pop();
    return cells.join('\u0000');
  }
  function firstScreenRows() {
    return Array.prototype.map.call(firstScreen.children, function (row) {
      var cells = [];
      (function walk(node, classes) {
        for (var child = node.firstChild; child; child = child.nextSibling) {
          if (child.nodeType === 3) {
            Array.from(child.data).forEach(function (ch) { cells.push(cellToken(ch, classes)); });
          } else if (child.nodeType === 1) {
            walk(child, classes.concat(child.className.split(' ').filter(function (name) { return name && name !== 'c' && name !== 'c2' && name !== 'K'; })));
          }
        }
      })(row, []);
      return trimmed(cells);
    });
  }
  // The same of the terminal's screen, with xterm.js 3.8's own rules for what a cell's
  // attributes draw (reverse swaps the colours, bold brightens 0-7).
  function terminalRows() {
    var buffer = term._core.buffer, rows = [];
    for (var y = 0; y < term.rows; y++) {
      var line = buffer.lines.get(buffer.ydisp + y), cells = [];
      for (var x = 0; x < term.cols; x++) {
        var data = line.get(x);
        if (data[2] === 0) continue;
        var attr = data[0], flags = attr >> 18, bg = attr & 0x1ff, fg = (attr >> 9) & 0x1ff, names = [];
        if (flags & 8) { var swap = bg; bg = fg; fg = swap; if (fg === 256) fg = -1; if (bg === 257) bg = -1; }
        if ((flags & 1) && fg >= 0 && fg < 8) fg += 8;
        if (fg !== 257) names.push(fg < 0 ? 'fi' : 'f' + fg);
        if (bg !== 256) names.push(bg < 0 ? 'bi' : 'b' + bg);
        if (flags & 1) names.push('B');
        if (flags & 64) names.push('I');
        if (flags & 2) names.push('U');
        if (flags & 32) names.push('D');
        cells.push(cellToken(data[1] || ' ', names));
      }
      rows.push(trimmed(cells));
    }
    return rows;
  }
  function sameAsFirstScreen() {
    if (Number(firstScreen.dataset.columns) !== term.cols || Number(firstScreen.dataset.rows) !== term.rows) return false;
    var ours = firstScreenRows(), theirs = terminalRows();
    return ours.length === theirs.length && ours.every(function (row, y) { return row === theirs[y]; });
  }
  function handOver(reason) {
    if (!firstScreen) return;
    clearTimeout(quietTimer);
    firstScreen.remove();
    firstScreen = null;
    document.body.dataset.firstScreen = reason;
  }
  // After the terminal has drawn what it was sent.
  function checkFirstScreen() {
    if (!firstScreen) return;
    if (sameAsFirstScreen()) {
      firstMatched = true;
      document.body.dataset.firstScreen = 'matched';
    } else if (firstMatched) {
      handOver('changed');
    }
  }
  // After each piece of the session's output, until the screens have matched: once the
  // output has been quiet for a moment and the terminal has taken all of it, a screen that
  // still differs is the session's own.
  function outputArrived() {
    if (!firstScreen || firstMatched) return;
    clearTimeout(quietTimer);
    quietTimer = setTimeout(function settled() {
      if (!firstScreen || firstMatched) return;
      if (term._core.writeBuffer.length > 0) { quietTimer = setTimeout(settled, QUIET_MS); return; }
      if (!sameAsFirstScreen()) handOver('differed');
    }, QUIET_MS);
  }

  // OSC 52 (`ESC ] 52 ; c ; BASE64 ST`), the program's copy (`y`): xterm.js 3.8 has no
  // clipboard of its own, so the page takes the sequence out of the output and hands the
  // text to the browser's clipboard. A sequence split across messages is carried over.
  var OSC52 = '\x1b]52;';
  var oscCarry = '';
  function takeClipboard(text) {
    text = oscCarry + text;
    oscCarry = '';
    var out = '', i = 0;
    for (;;) {
      var start = text.indexOf(OSC52, i);
      if (start < 0) {
        var rest = text.slice(i);
        // The start of a sequence at the very end waits for the next message.
        for (var k = OSC52.length - 1; k > 0; k--) {
          if (rest.endsWith(OSC52.slice(0, k))) { oscCarry = rest.slice(rest.length - k); rest = rest.slice(0, rest.length - k); break; }
        }
        return out + rest;
      }
      out += text.slice(i, start);
      var bel = text.indexOf('\x07', start), st = text.indexOf('\x1b\\', start);
      var end = bel < 0 ? st : (st < 0 ? bel : Math.min(bel, st));
      if (end < 0) {
        // Unended: kept for the next message, up to what the program ever sends.
        if (text.length - start <= 200000) oscCarry = text.slice(start);
        return out;
      }
      copy(text.slice(start + OSC52.length, end));
      i = end + (text.charAt(end) === '\x07' ? 1 : 2);
    }
  }

  function copy(body) {
    var payload = body.slice(body.indexOf(';') + 1);
    if (payload === '?' || body.indexOf(';') < 0) return;
    var text;
    try {
      var binary = atob(payload), bytes = new Uint8Array(binary.length);
      for (var j = 0; j < binary.length; j++) bytes[j] = binary.charCodeAt(j);
      text = new TextDecoder('utf-8').decode(bytes);
    } catch (e) { return; }
    window.storyboardCopied = text;
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).catch(function () {});
  }

  function showNotice(text) {
    noticeText.textContent = text;
    notice.hidden = false;
    document.getElementById('restart').focus();
  }

  // The fonts (app.css) with every symbol the app draws. The terminal measures its cells and
  // draws on a canvas with the font it finds when it is made, and never again: it is made
  // once they have loaded (or failed to: the browser's own fonts then stand in).
  var FONTS = ['Storyboard Mono', 'Storyboard Symbols', 'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji',
    'Storyboard Emoji'];
  var FONT_SIZE = 15;
  var fontsLoaded = null;
  function loadFonts() {
    if (!fontsLoaded) {
      fontsLoaded = !document.fonts ? Promise.resolve() : Promise.all(['Storyboard Mono', 'Storyboard Symbols', 'Storyboard Emoji'].map(
        function (family) { return document.fonts.load(FONT_SIZE + 'px "' + family + '"').catch(function () {}); }));
    }
    return fontsLoaded;
  }

  // With a first screen in the page, the terminal is made once the browser has painted it:
  // made before, its setup (30 to 70 ms of the page's one thread) held the paint back.
  function afterFirstPaint() {
    if (!firstScreen) return null;
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(resolve, 0); });
    });
  }

  function makeTerminal() {
    if (term) term.destroy();
    // No character atlas: xterm.js 3.8's prepared atlas is drawn in software where there is
    // no GPU, 200-300 ms before the terminal opens (its 'dynamic' one draws reversed text as
    // other letters); the canvas draws each glyph as it comes.
    term = new Terminal({
      screenReaderMode: screenReader, fontSize: FONT_SIZE, scrollback: 0, experimentalCharAtlas: 'none',
      fontFamily: FONTS.map(function (family) { return '"' + family + '"'; }).join(', ') + ', monospace'
    });
    window.storyboardTerminal = term;
    term.open(document.getElementById('terminal'));
    // No scrollbar (app.css hides it): fit() must not keep a strip for one.
    term._core.viewport.scrollBarWidth = 0;
    term.fit();
    term.focus();
    term.on('refresh', checkFirstScreen);
  }

  function connect() {
    notice.hidden = true;
    // The socket first: its handshake and the session's start-up run while the fonts load
    // and the terminal is set up. Its events wait for the terminal, in the order they came.
    var url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    url.search = '';
    var ws = new WebSocket(url.href);
    socket = ws;
    var ready = loadFonts().then(afterFirstPaint).then(function () { if (ws === socket) makeTerminal(); });

    ws.binaryType = 'arraybuffer';
    var decoder = new TextDecoder('utf-8');
    var ended = false, paused = false, lastHeard = Date.now();
    oscCarry = '';
    var timer = setInterval(function () {
      if (Date.now() - lastHeard > SILENCE_MS) { ws.close(); return; }
      send('4');
    }, KEEPALIVE_MS);

    function waiting() { return term._core.writeBuffer.length; }
    function checkResume() {
      if (ws !== socket) return;
      if (waiting() <= RESUME_AT) { paused = false; send('3'); } else { setTimeout(checkResume, 20); }
    }

    function opened() {
      var path = location.pathname.split('/').pop();
      var hello = { columns: term.cols, rows: term.rows, path: path };
      if (token) hello.token = token;
      if (screenReader) hello.screenReader = true;
      send('{', encoder.encode(JSON.stringify(hello)).subarray(1));
      rememberSize();
      term.on('data', function (data) { send('0', encoder.encode(data)); });
      term.on('resize', function () { sendSize(); });
    }
    function received(event) {
      lastHeard = Date.now();
      if (typeof event.data === 'string') return;
      var bytes = new Uint8Array(event.data);
      if (bytes.length === 0) return;
      var type = String.fromCharCode(bytes[0]);
      if (type === '0') {
        term.write(takeClipboard(decoder.decode(bytes.subarray(1), { stream: true })));
        outputArrived();
        if (!paused && waiting() > PAUSE_AT) { paused = true; send('2'); setTimeout(checkResume, 20); }
      } else if (type === '9') {
        ended = true;
        handOver('ended');
        var end = {};
        try { end = JSON.parse(new TextDecoder().decode(bytes.subarray(1))); } catch (e) { end = {}; }
        document.body.dataset.ended = end.reason || 'unknown';
        showNotice(end.message || 'The session ended.');
      }
    }
    ws.onopen = function () { ready.then(function () { if (ws === socket) opened(); }); };
    ws.onmessage = function (event) { ready.then(function () { if (ws === socket) received(event); }); };
    ws.onclose = function () {
      clearInterval(timer);
      if (ws !== socket) return;
      ready.then(function () {
        handOver('ended');
        if (!ended) {
          document.body.dataset.ended = 'connection';
          showNotice('The connection to the server was lost.');
        }
      });
    };
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
