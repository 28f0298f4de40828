import { describe, expect, it } from 'vitest';
import { categoryWeights, gradeOf, itemPoints, modelWeightsRefusal, round1, scoreRefusal, thresholdsOf, totalOf, DEFAULT_GRADE_THRESHOLDS } from './assessment.ts';
import { ASSESS_CATEGORIES } from './resources/assessment.ts';

const T = DEFAULT_GRADE_THRESHOLDS;

describe('考核模型的权重', () => {
  it('accepts weights that add up to the total, one decimal included', () => {
    expect(modelWeightsRefusal(1000, ASSESS_CATEGORIES.map((c) => ({ name: c.name, weight: c.weight })))).toBeNull();
    expect(modelWeightsRefusal(10, [{ name: 'a', weight: 3.3 }, { name: 'b', weight: 3.3 }, { name: 'c', weight: 3.4 }])).toBeNull();
  });
  it('refuses a sum one tenth short or over, naming both figures', () => {
    expect(modelWeightsRefusal(1000, [{ name: 'a', weight: 999.9 }])).toBe('考核指标：权重合计为999.9分，应等于模型总分1000分');
    expect(modelWeightsRefusal(100, [{ name: 'a', weight: 60 }, { name: 'b', weight: 40.1 }])).toBe('考核指标：权重合计为100.1分，应等于模型总分100分');
  });
  it('refuses no indicators, a zero weight and two decimals', () => {
    expect(modelWeightsRefusal(100, [])).toBe('考核指标：请至少选择一项指标');
    expect(modelWeightsRefusal(100, [{ name: '车辆动态监控', weight: 0 }, { name: 'b', weight: 100 }])).toBe('考核指标：“车辆动态监控”的权重应大于0');
    expect(modelWeightsRefusal(100, [{ name: 'a', weight: 50.05 }, { name: 'b', weight: 49.95 }])).toBe('考核指标：“a”的权重最多1位小数');
  });
  it('adds the weights per category', () => {
    expect(categoryWeights([{ category: '运输安全', weight: 100.5 }, { category: '经营行为', weight: 50 }, { category: '运输安全', weight: 199.5 }]))
      .toEqual([{ category: '运输安全', weight: 300 }, { category: '经营行为', weight: 50 }]);
  });
});

describe('得分', () => {
  it('rounds to one decimal, halves up', () => {
    expect(round1(0.05)).toBe(0.1);
    expect(round1(1.25)).toBe(1.3);
    expect(round1(1.24)).toBe(1.2);
    expect(round1(2.675)).toBe(2.7);
  });
  it('converts a score on the indicator scale into its weight, rounded to one decimal', () => {
    expect(itemPoints(10, 10, 60)).toBe(60);
    expect(itemPoints(7, 10, 60)).toBe(42);
    expect(itemPoints(1, 3, 10)).toBe(3.3);
    expect(itemPoints(2, 3, 10)).toBe(6.7);
    expect(itemPoints(35.5, 40, 40)).toBe(35.5);
    expect(itemPoints(0, 10, 60)).toBe(0);
  });
  it('refuses a score outside 0…满分 or with two decimals', () => {
    expect(itemPoints(10.1, 10, 60)).toBeNull();
    expect(itemPoints(-0.1, 10, 60)).toBeNull();
    expect(itemPoints(5.55, 10, 60)).toBeNull();
    expect(scoreRefusal('车辆动态监控', 10.1, 10)).toBe('车辆动态监控：得分应在0到10之间');
    expect(scoreRefusal('车辆动态监控', undefined, 10)).toBe('车辆动态监控：请输入得分');
    expect(scoreRefusal('车辆动态监控', 5.55, 10)).toBe('车辆动态监控：得分最多1位小数');
    expect(scoreRefusal('车辆动态监控', 10, 10)).toBeNull();
  });
  it('totals exactly to the tenth', () => {
    expect(totalOf([0.1, 0.2])).toBe(0.3);
    expect(totalOf([3.3, 3.3, 3.4])).toBe(10);
    expect(totalOf([])).toBe(0);
  });
});

describe('考核等级', () => {
  it('gives the grade at each threshold and just below it', () => {
    expect(gradeOf(1000, T)).toBe('AAA');
    expect(gradeOf(900, T)).toBe('AAA');
    expect(gradeOf(899.9, T)).toBe('AA');
    expect(gradeOf(750, T)).toBe('AA');
    expect(gradeOf(749.9, T)).toBe('A');
    expect(gradeOf(600, T)).toBe('A');
    expect(gradeOf(599.9, T)).toBe('B');
    expect(gradeOf(0, T)).toBe('B');
  });
  it('reads the thresholds of 参数设置 and compares a model of another total in proportion', () => {
    const t = thresholdsOf({ AAA: 950, AA: 800, A: 700 });
    expect(gradeOf(949.9, t)).toBe('AA');
    expect(gradeOf(95, t, 100)).toBe('AAA');
    expect(gradeOf(94.9, t, 100)).toBe('AA');
    expect(thresholdsOf(null)).toEqual(T);
  });
});
