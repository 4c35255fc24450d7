import { describe, expect, it } from 'vitest';
import {
  findActiveMention,
  insertMention,
  mentionedUsernames,
  parseMentions,
  splitMentions,
} from '../lib/mentions';

const names = (text: string) => parseMentions(text).map((mention) => mention.username);

describe('parseMentions', () => {
  it('finds a mention at the very start of the text', () => {
    expect(parseMentions('@alice hello')).toEqual([{ username: 'alice', start: 0, end: 6 }]);
  });

  it('finds mentions after a space and after a newline', () => {
    expect(names('hi @bob and\n@carol')).toEqual(['bob', 'carol']);
    expect(parseMentions('hi @bob')[0]).toEqual({ username: 'bob', start: 3, end: 7 });
  });

  it('ignores an @ inside a word, such as an e-mail address', () => {
    expect(names('mail me at casey@example.com')).toEqual([]);
    expect(names('x@y @z')).toEqual(['z']);
  });

  it('ignores an @ after other punctuation or a tab', () => {
    expect(names('(@dana) ,@eve\t@frank end.@grace')).toEqual([]);
  });

  it('keeps letters, digits and underscores in the name and stops at anything else', () => {
    expect(names('@user_42 @A_b9, @dana! @eve-smith')).toEqual(['user_42', 'A_b9', 'dana', 'eve']);
  });

  it('needs at least one name character after the @', () => {
    expect(names('@ alone, and @@double')).toEqual([]);
  });
});

describe('mentionedUsernames', () => {
  it('lists each username once, whatever its case', () => {
    expect(mentionedUsernames('@Bob hi @bob and @carol @bob')).toEqual(['Bob', 'carol']);
  });
});

describe('splitMentions', () => {
  it('cuts the text into plain runs and mentions, keeping every character', () => {
    expect(splitMentions('Thanks @alice!\n@bob_2 rocks')).toEqual([
      { type: 'text', text: 'Thanks ' },
      { type: 'mention', username: 'alice' },
      { type: 'text', text: '!\n' },
      { type: 'mention', username: 'bob_2' },
      { type: 'text', text: ' rocks' },
    ]);
    expect(splitMentions('no mentions here')).toEqual([{ type: 'text', text: 'no mentions here' }]);
  });
});

describe('findActiveMention', () => {
  it('finds the mention being typed at the start, after a space and after a newline', () => {
    expect(findActiveMention('@al', 3)).toEqual({ start: 0, end: 3, query: 'al' });
    expect(findActiveMention('hi @bo', 6)).toEqual({ start: 3, end: 6, query: 'bo' });
    expect(findActiveMention('hi\n@ca_1', 8)).toEqual({ start: 3, end: 8, query: 'ca_1' });
  });

  it('offers a mention right after the @, with an empty query', () => {
    expect(findActiveMention('hi @', 4)).toEqual({ start: 3, end: 4, query: '' });
  });

  it('does not start a mention inside a word', () => {
    expect(findActiveMention('casey@exa', 9)).toBeNull();
  });

  it('ends the mention at a space', () => {
    expect(findActiveMention('@alice ', 7)).toBeNull();
    expect(findActiveMention('@alice hello', 12)).toBeNull();
  });

  it('covers the whole name when the caret is inside it', () => {
    expect(findActiveMention('hi @alice there', 6)).toEqual({ start: 3, end: 9, query: 'al' });
  });
});

describe('insertMention', () => {
  it("replaces the typed name with '@username ' and puts the caret after the space", () => {
    expect(insertMention('hi @al', { start: 3, end: 6 }, 'alice')).toEqual({
      text: 'hi @alice ',
      caret: 10,
    });
  });

  it('does not double a space that already followed', () => {
    expect(insertMention('@al there', { start: 0, end: 3 }, 'alice')).toEqual({
      text: '@alice there',
      caret: 7,
    });
  });
});
