/**
 * The dashboard's one script (no build step): progressive behaviour for the server-rendered pages.
 * Plain ES2020 kept in a string so both runtimes can serve it; it only ever inserts text, never HTML.
 */
export const APP_JS = String.raw`(function () {
  'use strict';
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  function errorText(status, data) {
    var e = data && data.error;
    return e && e.message ? e.message : 'Request failed (HTTP ' + status + ').';
  }

  /* Same-origin JSON call to the admin API; the browser adds the session cookie. */
  async function api(method, path, body) {
    var init = { method: method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    var res = await fetch(path, init);
    if (res.status === 204) return null;
    var text = await res.text();
    var data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) throw new Error(errorText(res.status, data));
    return data;
  }

  function say(el, text, isError) {
    if (typeof el === 'string') el = document.getElementById(el);
    if (!el) el = $('main [role=status]');
    if (!el) return;
    el.textContent = text;
    el.classList.toggle('error', !!isError);
  }

  function cell(tr, content) {
    var td = document.createElement('td');
    if (typeof content === 'string') td.textContent = content; else td.appendChild(content);
    tr.appendChild(td);
    return td;
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  async function withButton(button, work) {
    if (button) button.disabled = true;
    try { await work(); } finally { if (button) button.disabled = false; }
  }

  function showOnce(boxId, inputId, value) {
    var input = document.getElementById(inputId);
    input.value = value;
    document.getElementById(boxId).hidden = false;
    input.focus();
    input.select();
  }

  /* Settings: generate a personal access token, shown once. */
  var createForm = $('#token-create');
  if (createForm) {
    createForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      withButton(createForm.querySelector('button'), async function () {
        try {
          var body = { name: createForm.elements.name.value.trim() };
          var scope = createForm.elements.scope.value.trim();
          if (scope) body.scope = scope;
          var days = createForm.elements.expires_in_days.value;
          if (days) body.expires_in_days = Number(days);
          var t = await api('POST', '/admin/api/tokens', body);
          showOnce('token-once', 'token-value', t.token);
          var tr = el('tr', '', { 'data-token-id': t.id });
          cell(tr, t.name);
          cell(tr, el('code', 'bst_' + t.token_prefix + '\u2026'));
          cell(tr, el('time', t.created_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'), { datetime: t.created_at }));
          cell(tr, 'never');
          cell(tr, el('button', 'Revoke', { type: 'button', class: 'danger', 'data-revoke-token': t.id, 'data-name': t.name }));
          cell(tr, t.expires_at ? el('time', t.expires_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'), { datetime: t.expires_at }) : 'never');
          cell(tr, t.scope || 'none');
          $('#token-table tbody').prepend(tr);
          var empty = $('#token-empty');
          if (empty) empty.remove();
          createForm.reset();
          say('token-status', 'Token \u201c' + t.name + '\u201d created.');
        } catch (e) {
          say('token-status', e.message, true);
        }
      });
    });
  }

  var clicks = {
    copy: async function (b) {
      var input = document.getElementById(b.dataset.copy);
      try {
        await navigator.clipboard.writeText(input.value);
        b.textContent = 'Copied';
      } catch (e) {
        input.focus();
        input.select();
        b.textContent = 'Press Ctrl+C';
      }
    },
    revokeToken: async function (b) {
      if (!confirm('Revoke the token \u201c' + b.dataset.name + '\u201d? Programs using it stop working at once.')) return;
      try {
        await api('DELETE', '/admin/api/tokens/' + encodeURIComponent(b.dataset.revokeToken));
        var td = b.parentNode;
        td.textContent = 'revoked';
        say(null, 'Token \u201c' + b.dataset.name + '\u201d revoked.');
      } catch (e) {
        say(null, e.message, true);
      }
    },
    rootRotate: async function () {
      if (!confirm('Rotate the root token? The current value stops working at once.')) return;
      try {
        var r = await api('POST', '/admin/api/root-token/rotate');
        showOnce('root-once', 'root-value', r.token);
        say('root-status', 'Root token rotated.');
      } catch (e) {
        say('root-status', e.message, true);
      }
    },
    terminateSessions: async function (b) {
      if (!confirm('Terminate every session of ' + b.dataset.name + '?')) return;
      try {
        var ids = b.dataset.terminateSessions.split(' ');
        for (var i = 0; i < ids.length; i++) await api('DELETE', '/admin/api/sessions/' + encodeURIComponent(ids[i]));
        b.parentNode.textContent = 'Sessions terminated.';
        say(null, 'Terminated ' + ids.length + ' session(s) of ' + b.dataset.name + '.');
      } catch (e) {
        say(null, e.message, true);
      }
    },
    beliefPin: async function (b) {
      try {
        await api('PATCH', '/admin/api/beliefs/' + encodeURIComponent(b.dataset.beliefPin), { pinned: b.dataset.pinned !== '1' });
        location.reload();
      } catch (e) {
        say('belief-status', e.message, true);
      }
    },
    beliefSupersede: async function (b) {
      if (!confirm('Mark this belief superseded? It stays recoverable and is no longer injected.')) return;
      try {
        await api('DELETE', '/admin/api/beliefs/' + encodeURIComponent(b.dataset.beliefSupersede));
        location.reload();
      } catch (e) {
        say('belief-status', e.message, true);
      }
    },
    beliefPurge: async function (b) {
      if (!confirm('Delete this belief for good? This cannot be undone.')) return;
      try {
        await api('DELETE', '/admin/api/beliefs/' + encodeURIComponent(b.dataset.beliefPurge) + '?purge=1');
        location.assign('/admin/beliefs');
      } catch (e) {
        say('belief-status', e.message, true);
      }
    },
    providerRemove: async function (b) {
      b.closest('fieldset').remove();
      say('config-status', 'Provider removed from the form; save to apply.');
    },
    providerTest: async function (b) {
      var out = $('[data-provider-status="' + CSS.escape(b.dataset.providerTest) + '"]');
      say(out, 'Testing\u2026');
      try {
        var r = await api('POST', '/admin/config/test-connection', { provider_id: b.dataset.providerTest });
        if (r.ok) say(out, 'Connection works' + (r.models !== null ? ' (' + r.models + ' models listed)' : '') + '.');
        else say(out, 'Failed: ' + r.message + '.', true);
      } catch (e) {
        say(out, 'Failed: ' + e.message, true);
      }
    },
    personaOwner: async function (b) {
      try {
        var p = await api('GET', '/admin/api/persona?owner=' + encodeURIComponent(b.dataset.personaOwner));
        var out = $('#persona-build .persona');
        out.textContent = p.persona || 'There are no active beliefs to summarise yet.';
        out.hidden = false;
        b.remove();
      } catch (e) {
        say('belief-status', e.message, true);
      }
    },
    backupPreview: async function () {
      try {
        var p = await api('GET', '/admin/api/backup/preview');
        var counts = p && typeof p.counts === 'object' ? p.counts : p;
        var body = $('#backup-preview-rows');
        body.textContent = '';
        Object.keys(counts || {}).forEach(function (k) {
          var v = counts[k];
          if (typeof v !== 'number' && typeof v !== 'boolean') return;
          var tr = el('tr');
          cell(tr, k.replace(/_/g, ' '));
          cell(tr, String(v));
          body.appendChild(tr);
        });
        $('#backup-preview').hidden = false;
        $('#backup-export-form [name=passphrase]').focus();
        say('export-status', 'Check the contents, choose a passphrase, then confirm.');
      } catch (e) {
        say('export-status', e.message, true);
      }
    },
  };

  var CLICK_DATA = ['copy', 'revokeToken', 'terminateSessions', 'beliefPin', 'beliefSupersede', 'beliefPurge', 'providerRemove', 'providerTest', 'personaOwner'];
  var CLICK_IDS = { 'root-rotate': 'rootRotate', 'backup-preview-button': 'backupPreview', 'provider-add': 'providerAdd' };

  clicks.providerAdd = async function () {
    var fragment = $('#provider-template').content.cloneNode(true);
    $('#providers').appendChild(fragment);
    var fields = $$('#providers fieldset');
    fields[fields.length - 1].querySelector('input').focus();
  };

  document.addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b || b.disabled) return;
    var name = CLICK_IDS[b.id];
    if (!name) name = CLICK_DATA.find(function (k) { return b.dataset[k] !== undefined; });
    if (!name) return;
    ev.preventDefault();
    withButton(b, function () { return clicks[name](b); });
  });

  /* Beliefs: add and edit. */
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    var id = form.dataset && form.dataset.beliefForm;
    if (!id) return;
    ev.preventDefault();
    var list = function (name) {
      return form.elements[name].value.split(',').map(function (s) { return s.trim(); }).filter(Boolean);
    };
    var body = { statement: form.elements.statement.value.trim(), type: form.elements.type.value, scope: form.elements.scope.value.trim(), aliases: list('aliases') };
    var participants = form.elements.participants;
    if (participants && (id !== 'new' || participants.value.trim())) body.participants = list('participants');
    withButton(form.querySelector('button[type=submit]'), async function () {
      try {
        if (id === 'new') await api('POST', '/admin/api/beliefs', body);
        else await api('PATCH', '/admin/api/beliefs/' + encodeURIComponent(id), body);
        location.reload();
      } catch (e) {
        say('belief-status', e.message, true);
      }
    });
  });

  /* Beliefs: live feed of the caller's belief changes. */
  var live = $('#live-list');
  if (live && 'WebSocket' in window) {
    var state = $('#live-state');
    var connect = function (attempt) {
      var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + live.dataset.ws);
      ws.onopen = function () { attempt = 0; state.textContent = 'Connected.'; };
      ws.onmessage = function (ev) {
        var m;
        try { m = JSON.parse(ev.data); } catch (e) { return; }
        if (!m || m.type !== 'belief' || !m.belief) return;
        var li = el('li', '', { class: 'belief' });
        li.appendChild(el('p', m.belief.statement, { class: 'statement' }));
        li.appendChild(el('p', m.action + ' \u00b7 ' + m.belief.type + ' \u00b7 ' + m.belief.scope, { class: 'meta' }));
        live.prepend(li);
        while (live.children.length > 50) live.lastElementChild.remove();
      };
      ws.onclose = function (ev) {
        if (ev.code === 4401) { state.textContent = 'Your access has ended.'; return; }
        if (attempt >= 5) { state.textContent = 'Disconnected; reload the page to reconnect.'; return; }
        state.textContent = 'Reconnecting\u2026';
        setTimeout(function () { connect(attempt + 1); }, 2000 * (attempt + 1));
      };
    };
    connect(0);
  }

  /* Config: save the whole form as one PUT. */
  var configForm = $('#config-form');
  if (configForm) {
    configForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var f = configForm.elements;
      var providers = $$('#providers fieldset.provider').map(function (fs) {
        var get = function (n) { return fs.querySelector('[name=' + n + ']').value.trim(); };
        var p = { id: get('id'), kind: get('kind'), base_url: get('base_url'),
          models: get('models').split(',').map(function (s) { return s.trim(); }).filter(Boolean) };
        var key = fs.querySelector('[name=api_key]').value;
        if (key) p.api_key = key;
        return p;
      });
      var body = {
        providers: providers,
        default_model: f.default_model.value.trim() || null,
        extraction: { enabled: f.extraction_enabled.checked, model: f.extraction_model.value.trim() || null },
        injection: { enabled: f.injection_enabled.checked, max_beliefs: Number(f.injection_max.value) },
      };
      withButton(configForm.querySelector('button[type=submit]'), async function () {
        try {
          await api('PUT', '/admin/api/config', body);
          $$('#providers [name=api_key]').forEach(function (input) {
            if (input.value) input.placeholder = 'stored, ends in ' + input.value.slice(-4);
            input.value = '';
          });
          say('config-status', 'Configuration saved.');
        } catch (e) {
          say('config-status', e.message, true);
        }
      });
    });
  }

  /* Backup: export after the preview, downloaded from the response. */
  var exportForm = $('#backup-export-form');
  if (exportForm) {
    exportForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var pass = exportForm.elements.passphrase.value;
      if (pass !== exportForm.elements.confirm.value) { say('export-status', 'The passphrases do not match.', true); return; }
      withButton(exportForm.querySelector('button[type=submit]'), async function () {
        say('export-status', 'Encrypting the archive\u2026');
        try {
          var res = await fetch('/admin/api/backup/export', {
            method: 'POST', credentials: 'same-origin',
            headers: { 'content-type': 'application/json' }, body: JSON.stringify({ passphrase: pass }),
          });
          if (!res.ok) {
            var data = await res.json().catch(function () { return null; });
            throw new Error(errorText(res.status, data));
          }
          var blob = await res.blob();
          var m = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') || '');
          var url = URL.createObjectURL(blob);
          var a = el('a', '', { href: url, download: m ? m[1] : 'belief-store.bsbk' });
          document.body.appendChild(a);
          a.click();
          a.remove();
          setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
          exportForm.reset();
          say('export-status', 'Archive downloaded (' + blob.size + ' bytes). Keep the passphrase somewhere safe.');
        } catch (e) {
          say('export-status', e.message, true);
        }
      });
    });
  }

  /* Backup: streamed import with upload progress; the passphrase goes first so the server can decrypt as it reads. */
  var IMPORT_ERRORS = {
    bad_passphrase: 'Wrong passphrase: the archive could not be decrypted with it. Nothing was imported.',
    corrupt_archive: 'The archive is corrupt, truncated or was modified. Nothing was imported.',
    unsupported_version: 'This archive was made by a newer, unsupported format version. Nothing was imported.',
  };
  var RESULT_LABELS = [
    ['beliefs_imported', 'Beliefs imported'], ['beliefs_skipped', 'Beliefs skipped (already present)'],
    ['compaction_entries_imported', 'Compaction entries imported'], ['persona_restored', 'Persona restored'],
    ['config_restored', 'Config restored'],
  ];
  var importForm = $('#backup-import-form');
  if (importForm) {
    importForm.addEventListener('submit', function (ev) {
      ev.preventDefault();
      var file = importForm.elements.archive.files[0];
      if (!file) { say('import-status', 'Choose an archive file first.', true); return; }
      var fd = new FormData();
      fd.append('passphrase', importForm.elements.passphrase.value);
      if (importForm.elements.replace_config) fd.append('replace_config', importForm.elements.replace_config.checked ? 'true' : 'false');
      fd.append('archive', file, file.name);
      var button = importForm.querySelector('button[type=submit]');
      var bar = $('#import-progress');
      var pct = $('#import-progress-text');
      var result = $('#import-result');
      button.disabled = true;
      result.hidden = true;
      bar.value = 0;
      pct.textContent = '0%';
      $('#import-progress-row').hidden = false;
      say('import-status', 'Uploading\u2026');
      var xhr = new XMLHttpRequest();
      xhr.open('POST', '/admin/api/backup/import');
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = function (e) {
        if (!e.lengthComputable) return;
        bar.value = Math.round((e.loaded / e.total) * 100);
        pct.textContent = bar.value + '%';
      };
      xhr.upload.onload = function () { bar.value = 100; pct.textContent = '100%'; say('import-status', 'Uploaded; verifying and importing\u2026'); };
      xhr.onerror = function () { button.disabled = false; say('import-status', 'The upload failed (network error). Nothing was imported.', true); };
      xhr.onload = function () {
        button.disabled = false;
        var data = null;
        try { data = JSON.parse(xhr.responseText); } catch (e) { data = null; }
        if (xhr.status === 200 && data && data.ok) {
          result.textContent = '';
          RESULT_LABELS.forEach(function (pair) {
            var v = data.result[pair[0]];
            result.appendChild(el('dt', pair[1]));
            result.appendChild(el('dd', typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v), { 'data-field': pair[0] }));
          });
          result.hidden = false;
          say('import-status', 'Import finished.');
          return;
        }
        var code = data && data.error && data.error.code;
        say('import-status', IMPORT_ERRORS[code] || errorText(xhr.status, data), true);
      };
      xhr.send(fd);
    });
  }
})();
`;
