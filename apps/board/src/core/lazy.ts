/**
 * Runs `onVisible` once an element comes near the viewport: cards below the fold fetch nothing
 * until scrolled to (TensorBoard loads its cards the same way).
 */
const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | undefined;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer!.unobserve(e.target);
        const fn = callbacks.get(e.target);
        callbacks.delete(e.target);
        fn?.();
      }
    },
    { rootMargin: '400px' },
  );
  return observer;
}

export function whenVisible(el: Element, onVisible: () => void): void {
  callbacks.set(el, onVisible);
  shared().observe(el);
}

export function forget(el: Element): void {
  callbacks.delete(el);
  observer?.unobserve(el);
}
