// A service object that is built on first use. Each service module exports its app-wide
// instance through this, so importing a service costs nothing until a call is made, and a
// bundle that never calls a service never contains it.

/** `create` runs on the first property access; the proxy then forwards to that one instance. */
export function lazyService<S extends object>(create: () => S): S {
  let instance: S | null = null;
  const real = (): S => (instance ??= create());
  return new Proxy({} as S, {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The proxy's target is an empty object, so every forwarded property must be configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
  });
}
