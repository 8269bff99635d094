import type { Translation } from "~/platform/i18n/locales/types";
import type en from "~/platform/i18n/locales/en/insights";

/** 公平性洞察（群体差距、检验方法与显著性、隐私下限提示）的简体中文文本。{{group}} 为人员属性的取值，属于数据，不翻译。 */
const insights: Translation<typeof en> = {
  insights: {
    gap: {
      meanHigher: "{{group}}的平均评级比其他人高 {{difference}}（{{groupMean}}，其他人为 {{restMean}}）。",
      meanLower: "{{group}}的平均评级比其他人低 {{difference}}（{{groupMean}}，其他人为 {{restMean}}）。",
      meanSame: "{{group}}的平均评级与其他人相同（{{groupMean}}）。",
      lengthLonger: "关于{{group}}的反馈平均比关于其他人的长 {{difference}} 个字符（{{groupMean}} 对 {{restMean}}）。",
      lengthShorter: "关于{{group}}的反馈平均比关于其他人的短 {{difference}} 个字符（{{groupMean}} 对 {{restMean}}）。",
      lengthSame: "关于{{group}}的反馈平均长度与关于其他人的相同（{{groupMean}} 个字符）。",
      rateHigher_other: "{{group}}：{{groupRate}}%，其他人为 {{restRate}}%，高出 {{count}} 个百分点。",
      rateLower_other: "{{group}}：{{groupRate}}%，其他人为 {{restRate}}%，低了 {{count}} 个百分点。",
      rateSame: "{{group}}：{{groupRate}}%，与其他人相同。",
      rankHigher: {
        negligible: "{{group}}的评级与其他人大致相当。",
        small: "{{group}}的评级往往略高于其他人。",
        medium: "{{group}}的评级往往明显高于其他人。",
        large: "{{group}}的评级往往远高于其他人。",
      },
      rankLower: {
        negligible: "{{group}}的评级与其他人大致相当。",
        small: "{{group}}的评级往往略低于其他人。",
        medium: "{{group}}的评级往往明显低于其他人。",
        large: "{{group}}的评级往往远低于其他人。",
      },
    },
    significance: {
      significant: "该差异具有统计显著性（p = {{p}}）。",
      significantBelow: "该差异具有统计显著性（p < 0.001）。",
      notSignificant: "该差异不具有统计显著性（p = {{p}}），可能只是偶然。",
    },
    test: {
      fisher: "Fisher 精确检验",
      chi_squared: "卡方检验",
      mann_whitney_exact: "Mann–Whitney U 检验（精确）",
      mann_whitney_normal: "Mann–Whitney U 检验",
    },
    band: {
      negligible: "可忽略",
      small: "小",
      medium: "中",
      large: "大",
    },
    floor: {
      other: "其他",
      otherHint_other: "人数少于 {{count}} 人的群体合并显示为“其他”，以免任何人被识别出来。",
      suppressed_other: "这些数据已隐藏：直接查看或与更大范围的视图对比时，其背后的人数会少于 {{count}} 人。",
    },
    refusal: {
      cycleNotFound: "未找到周期 {{id}}",
      sessionNotFound: "未找到校准会议 {{id}}",
      forbidden: "你无权访问此页面",
      noAttribute: "没有可用于筛选的属性 {{id}}",
      filterTwice: "每个属性只能有一个筛选条件",
    },
  },
};

export default insights;
