/**
 * vue-element-admin src/utils/validate.js. isExternal and validURL live in
 * @dg/core with the shared rule set; the form rule adapter for antd is here.
 */
import type { Rule } from 'antd/es/form';
import { checkRule, isExternal, validURL, type RuleName } from '@dg/core';

export { isExternal, validURL };

export const validLowerCase = (str: string) => /^[a-z]+$/.test(str);
export const validUpperCase = (str: string) => /^[A-Z]+$/.test(str);
export const validAlphabets = (str: string) => /^[A-Za-z]+$/.test(str);
export const validEmail = (email: string) =>
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/.test(email);
export const isString = (str: unknown): str is string => typeof str === 'string' || str instanceof String;
export const isArray = (arg: unknown): arg is unknown[] => Array.isArray(arg);

/** an antd Form rule that applies one rule of the shared rule set with its exact Chinese message */
export function ruleOf(rule: RuleName): Rule {
  return {
    validator: (_r, value: unknown) => {
      const v = value == null ? '' : String(value);
      const msg = checkRule(rule, v);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}

/** a required rule with the usual Chinese wording */
export const required = (label: string, verb: '请输入' | '请选择' = '请输入'): Rule => ({
  required: true,
  whitespace: verb === '请输入',
  message: `${verb}${label}`,
});
