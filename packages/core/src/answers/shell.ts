/**
 * What the shell reads (server/src/modules/shell): the signed-in user and their menus (AG-Admin's front/* answer raw,
 * without the envelope), the code table, regions, reminder counts, the public config and the health check.
 */
import { z } from 'zod';
import { side, type Wire } from '../answer.ts';
import type { TreeOf } from './tree.ts';
import { adminAnswers } from './admin.ts';

/** a menu the user may open, as AG-Admin's front/info lists it */
const menuGrant = z.object({ code: z.string(), type: z.literal('menu'), uri: z.string(), method: z.literal('GET'), name: z.string(), /** the menu's title */ menu: z.string() });
/** a button or uri the user holds */
const elementGrant = z.object({
  code: z.string(), type: z.string(), uri: z.string().nullable(), method: z.string().nullable(), name: z.string(), /** the menu's id */ menu: z.string(),
});
const frontInfo = z.object({
  id: z.string(), username: z.string(), name: z.string(), side, enterpriseId: z.string().nullable(),
  orgId: z.string().nullable(), enterpriseName: z.string().nullable(), orgName: z.string().nullable(), regionCode: z.string().nullable(),
  /** AG-Admin's fields, always null here */ description: z.null(), image: z.null(), isSuper: z.boolean(),
  menus: z.array(menuGrant), elements: z.array(elementGrant),
});

/** a menu of the catalogue with its full path */
const frontMenu = adminAnswers.menu.pick({ id: true, parentId: true, code: true, title: true, icon: true, href: true, type: true, path: true, hidden: true, orderNum: true, spread: true });
const frontMenuNode: TreeOf<typeof frontMenu> = frontMenu.extend({ children: z.array(z.lazy(() => frontMenuNode)) });

/** an entry of the code table as every page reads it (no version: the client cache never writes) */
const dictEntry = adminAnswers.dict.omit({ version: true });
const dictEntryNode: TreeOf<typeof dictEntry> = dictEntry.extend({ children: z.array(z.lazy(() => dictEntryNode)) });

/** a region: code and name, with the regions below it (none below a street) */
interface RegionOut { id: string; name: string; children?: RegionOut[] }
const region: z.ZodType<RegionOut, RegionOut> = z.object({ id: z.string(), name: z.string(), children: z.array(z.lazy(() => region)).optional() });

const publicConfig = z.object({
  title: z.string(), provinceCode: z.string(), provinceName: z.string(), /** false when the server runs with LOGIN_CAPTCHA=off */ captcha: z.boolean(),
  version: z.string(),
});
const health = z.object({ status: z.literal('ok'), db: z.literal('ok'), dbMs: z.number(), instance: z.string(), uptime: z.number() });
/** the health check's HTTP 503: the database did not answer */
const healthDown = z.object({ status: z.literal('error'), db: z.literal('down') });

export const shellAnswers = {
  frontInfo, frontMenus: z.array(frontMenuNode), allMenus: z.array(frontMenu),
  dictAll: z.array(dictEntry), dictTree: z.array(dictEntryNode),
  regions: z.array(region), areaCode: z.object({ code: z.string(), name: z.string() }),
  remind: z.object({ content: adminAnswers.remindCounts }),
  publicConfig, health, healthDown,
};

export type FrontInfo = Wire<typeof frontInfo>;
export type FrontMenuNode = Wire<typeof frontMenuNode>;
export type FrontMenu = Wire<typeof frontMenu>;
export type DictEntry = Wire<typeof dictEntry>;
export type RegionNode = RegionOut;
export type PublicConfig = Wire<typeof publicConfig>;
