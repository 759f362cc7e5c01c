// Preloaded (`node --import`) into a peer server that listens on every interface by default (the
// Portkey gateway calls `listen(port)`), so that it listens on 127.0.0.1 only: a listen call
// without a host gets 127.0.0.1.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    if (args[1] === undefined || typeof args[1] === 'function') args.splice(1, args[1] === undefined ? 1 : 0, '127.0.0.1');
  } else if (args[0] && typeof args[0] === 'object' && args[0].path === undefined && args[0].host === undefined) {
    args[0] = { ...args[0], host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};
