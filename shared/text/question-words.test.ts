import { analyze } from './analyzer';
import { splitTerms } from './normalize';
import { isQuestion, topicTerms, topicText } from './question-words';

describe('the question rule: what a question is', () => {
  it('knows an English question by its mark, its first word or `whether`', () => {
    expect(isQuestion('carbon pricing in Japan?')).toBe(true);
    expect(isQuestion('How does carbon pricing affect emissions')).toBe(true);
    expect(isQuestion('is there a link between heat and mortality')).toBe(true);
    expect(isQuestion('Tell me about green bonds.')).toBe(true);
    expect(isQuestion('I wonder whether green bonds cut the cost of capital')).toBe(true);
    expect(isQuestion('carbon pricing emissions Japan')).toBe(false);
    expect(isQuestion('Carbon pricing is associated with lower emissions.')).toBe(false);
  });

  it('knows a Japanese or Chinese question by its ending or its question words', () => {
    expect(isQuestion('カーボンプライシングは日本の排出量にどう影響するか')).toBe(true);
    expect(isQuestion('炭素税の効果について教えてください。')).toBe(true);
    expect(isQuestion('水素は安全でしょうか')).toBe(true);
    expect(isQuestion('碳税如何影响日本的排放量')).toBe(true);
    expect(isQuestion('气候变化对农业的影响吗')).toBe(true);
    expect(isQuestion('気候変動の影響')).toBe(false);
    expect(isQuestion('炭素税の効果')).toBe(false);
  });
});

describe('topicText: a question as its subject, for ranked retrieval and the embedder', () => {
  it('takes the words that frame an English question out, leaving its subject', () => {
    expect(topicText('how does carbon pricing affect emissions in Japan')).toBe('carbon pricing emissions Japan');
    expect(topicText('What is the effect of a carbon tax on GDP?')).toBe('carbon tax GDP?');
    expect(topicText('Is there evidence that vitamin D deficiency is associated with fractures?')).toBe('vitamin D deficiency fractures?');
    expect(topicText('Can you tell me whether ALDH1 expression predicts prognosis?')).toBe('ALDH1 expression predicts prognosis?');
  });

  it('takes Japanese particles, endings and the words framing the question out, keeping each word whole', () => {
    expect(topicText('カーボンプライシングは日本の排出量にどう影響するか')).toBe('カーボンプライシング 日本 排出量');
    expect(topicText('炭素税について教えてください')).toBe('炭素税');
    expect(topicText('再生可能エネルギーに関する研究はありますか？')).toMatch(/^再生可能エネルギー\s*\?$/u);
    // An English claim asked in Japanese: both languages' framing words go.
    expect(topicText('Green bonds lower the cost of capital というのは本当ですか？')).toBe('Green bonds lower cost capital ?');
  });

  it('takes Chinese question words and function characters out', () => {
    expect(topicText('碳税如何影响日本的排放量？')).toBe('碳税 日本 排放量?');
  });

  it('leaves a query that is not a question as it was, but for interrogatives and particles', () => {
    expect(topicText('carbon pricing emissions Japan')).toBe('carbon pricing emissions Japan');
    expect(topicText('Impact of carbon pricing on emissions')).toBe('Impact of carbon pricing on emissions');
    // 影響 names the subject here (the impacts of climate change); only the particle goes.
    expect(topicText('気候変動の影響')).toBe('気候変動 影響');
  });

  it('keeps names that look like question words: WHO, US, vitamin D', () => {
    expect(topicText('who guidelines on air pollution?')).toContain('who');
    expect(topicText('does US carbon pricing work?')).toBe('US carbon pricing work?');
    expect(topicText('is vitamin D deficiency common?')).toBe('vitamin D deficiency common?');
  });

  it('gives back a question with no subject left as it was asked', () => {
    expect(topicText('what is it?')).toBe('what is it?');
    expect(topicText('どうですか')).toBe('どうですか');
  });

  it('ranks a question on the terms of its bare keywords (the analyzer over both)', () => {
    const pairs: [string, string][] = [
      ['how does carbon pricing affect emissions in Japan?', 'carbon pricing emissions Japan'],
      ['What is the impact of green bonds on the cost of capital?', 'green bonds cost capital'],
      ['カーボンプライシングは日本の排出量にどう影響するか', 'カーボンプライシング 日本 排出量'],
      ['炭素税の効果について教えてください', '炭素税'],
    ];
    for (const [question, keywords] of pairs) expect(analyze(topicText(question))).toEqual(analyze(keywords));
  });
});

describe('topicTerms: which terms of a keyword query weigh in its order', () => {
  const weighs = (q: string) => topicTerms(splitTerms(q));

  it('marks the terms that frame a question, English or Japanese', () => {
    expect(weighs('how does carbon pricing affect')).toEqual([false, false, true, true, false]);
    expect(weighs('炭素税 について')).toEqual([true, false]);
    expect(weighs('what is the effect of hydrogen?')).toEqual([false, false, false, false, false, true]);
  });

  it('keeps every term of a query that is not a question, but for interrogatives', () => {
    expect(weighs('effect carbon tax')).toEqual([true, true, true]);
    expect(weighs('climate impact assessment')).toEqual([true, true, true]);
  });

  it('keeps every term when none would be left, and a term mixing a framing word with a subject', () => {
    expect(weighs('what is')).toEqual([true, true]);
    expect(weighs('does co2-emissions')).toEqual([false, true]);
  });
});
