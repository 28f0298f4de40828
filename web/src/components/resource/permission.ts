/**
 * The one place the resource UI reads the user store (web/src/store/user.ts). Buttons are a
 * convenience: the server checks the same element codes on every write (docs/security.md,
 * "Access and data scope").
 */
import { useCallback } from 'react';
import { writableSides, type ElementCode, type MenuCode, type ResourceDef, type Side } from '@dg/core';
import { useUserStore } from '../../store/user';

/** a code of core's catalogue: a menu (its page) or an element (a button, `menu:btn_x`) */
export type GrantCode = MenuCode | ElementCode;
type Can = (code: GrantCode | undefined) => boolean;

/**
 * Whether the signed-in user holds a code of the catalogue: `useCan('userManager:btn_add')` for one button or page;
 * `const can = useCan()` for a check made in a loop or a callback. An undefined code (a button the definition's menu
 * does not have, `elementCode`) is held by nobody.
 */
export function useCan(code: GrantCode | undefined): boolean;
export function useCan(): Can;
export function useCan(...args: [GrantCode | undefined] | []): boolean | Can {
  const menus = useUserStore((s) => s.menus);
  const elements = useUserStore((s) => s.elements);
  const can = useCallback<Can>((code) => code !== undefined && (code.includes(':') ? elements : menus).has(code), [menus, elements]);
  return args.length ? can(args[0]) : can;
}

export function useUserSide(): Side | undefined {
  return useUserStore((s) => s.side ?? undefined);
}

/** Whether the user's side may write this resource at all (element codes still decide each button). */
export function useSideCanWrite(def: ResourceDef): boolean {
  const side = useUserSide();
  if (def.readOnly) return false;
  // Before the profile has loaded the side is unknown: let the element codes decide.
  return side === undefined || writableSides(def).includes(side);
}
