/**
 * The one place the resource UI reads the user store (web/src/store/user.ts). Buttons are a
 * convenience: the server checks the same element codes on every write (docs/security.md,
 * "Access and data scope").
 */
import type { ResourceDef, Side } from '@dg/core';
import { useUserStore } from '../../store/user';

/** Granted codes as the store keeps them: a Set today, a `code → true` record in AG-Admin's shape. */
type Granted = ReadonlySet<string> | Readonly<Record<string, boolean>> | null | undefined;

const holds = (granted: Granted, code: string): boolean =>
  granted instanceof Set ? granted.has(code) : Boolean((granted as Record<string, boolean> | null | undefined)?.[code]);

/** Whether the signed-in user holds an element (button) code such as `userManager:btn_add`. */
export function useHasElement(code: string): boolean {
  return useUserStore((s) => holds(s.elements as Granted, code));
}

export function useUserSide(): Side | undefined {
  return useUserStore((s) => s.side ?? undefined);
}

/** Sides that may write a resource: its `writableBy`, else enterprise for enterprise scope, platform otherwise. */
export function writableSides(def: ResourceDef): Side[] {
  return def.writableBy ?? (def.scope === 'enterprise' ? ['enterprise'] : ['platform']);
}

/** Whether the user's side may write this resource at all (element codes still decide each button). */
export function useSideCanWrite(def: ResourceDef): boolean {
  const side = useUserSide();
  if (def.readOnly) return false;
  // Before the profile has loaded the side is unknown: let the element codes decide.
  return side === undefined || writableSides(def).includes(side);
}
