/** 文章 / 政策法规: the two kinds share their screens. */
import { flattenMenus } from '@dg/core';

export type ContentKind = 'article' | 'policy';
export const KIND = {
  article: { menu: 'articleManager', title: '文章', addPath: '/articleManager/addarticleManager' },
  policy: { menu: 'policyManager', title: '政策法规', addPath: '/policyManager/addpolicyManager' },
} as const;
/** the list page of a kind (its menu's front-end path) */
export const listPath = (kind: ContentKind) => flattenMenus().find((m) => m.code === KIND[kind].menu)?.fullPath ?? '/dashboard';
