import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER, buildLink, linkInputFrom, type LinkInput } from '../src/link-value';
import * as messages from '../../contract/model/editor-messages';

const pages = ['/', '/faq', '/contact'];
const files = ['/s/price-list.pdf'];

describe('editor messages (part 2 §5, §8) are verbatim', () => {
  it('with their placeholders', () => {
    expect(messages.PLEASE_ENTER_VALID_EMAIL).toBe('Please enter a valid email');
    expect(messages.emailsMustBeFormattedAs('name@example.com')).toBe('Emails must be formatted as name@example.com');
    expect(messages.linksMustBeFormattedAs('a.com', 'b.com')).toBe('Links must be formatted as a.com or b.com');
    expect(messages.notValidPageUrl('/x')).toBe('/x is not a valid page URL');
    expect(messages.notExpectedOption('Fax')).toBe('Fax is not one of the expected options');
    expect(messages.A_LIST_MUST_BE_SELECTED).toBe('A List must be selected');
    expect(messages.PLEASE_ENTER_FILE_NAME).toBe('Please enter a file name');
    expect(messages.alreadyExists('tag')).toBe('This tag already exists');
    expect(messages.oneAtATime('category')).toBe('You may only edit one category at a time');
    expect(messages.unsupportedFileType('a.exe')).toBe('The file a.exe does not appear to be a supported file type');
    expect(messages.fileTooLarge('big.pdf', '20 MB')).toBe('The file big.pdf is too large. The maximum allowed file size is 20 MB.');
    expect(messages.unableToLoadPreview('Inter')).toBe('Unable to load preview for Inter');
    expect(messages.failedToLoadTimezone('Mars/Olympus')).toBe('Failed to load timezone Mars/Olympus');
    expect(messages.CODE_EDITING_NOT_ON_ANDROID).toBe('Code editing is not available on Android.');
    expect(messages.LINK_TYPES).toEqual(['Page', 'Web Address', 'Email', 'Phone', 'File']);
  });
});

describe('link editor', () => {
  it.each<[LinkInput, ReturnType<typeof buildLink>]>([
    [{ type: 'Page', page: '/faq' }, { href: '/faq' }],
    [{ type: 'Page', page: '/nope' }, { error: '/nope is not a valid page URL', field: 'page' }],
    [{ type: 'Page', page: '' }, { error: '"" is not a valid page URL', field: 'page' }],
    [{ type: 'Web Address', url: 'example.com/shop' }, { href: 'https://example.com/shop' }],
    [{ type: 'Web Address', url: 'http://example.org' }, { href: 'http://example.org' }],
    [{ type: 'Web Address', url: 'example' }, { error: 'Links must be formatted as example.com or https://example.com', field: 'url' }],
    [{ type: 'Web Address', url: 'javascript:alert(1)' }, { error: 'Links must be formatted as example.com or https://example.com', field: 'url' }],
    [{ type: 'Email', email: '' }, { error: 'Please enter a valid email', field: 'email' }],
    [{ type: 'Email', email: 'studio@example' }, { error: 'Emails must be formatted as name@example.com', field: 'email' }],
    [{ type: 'Email', email: 'studio@example.com', cc: 'bad' }, { error: 'Emails must be formatted as name@example.com', field: 'cc' }],
    [{ type: 'Email', email: 'studio@example.com', cc: 'a@example.com, b@example.com', subject: 'Print order', body: 'Hello there' }, { href: 'mailto:studio@example.com?cc=a%40example.com%2C%20b%40example.com&subject=Print%20order&body=Hello%20there' }],
    [{ type: 'Phone', phone: '+1 (555) 0100' }, { href: 'tel:+15550100' }],
    [{ type: 'Phone', phone: '55' }, { error: PHONE_NUMBER, field: 'phone' }],
    [{ type: 'File', file: '/s/price-list.pdf' }, { href: '/s/price-list.pdf' }],
    [{ type: 'File', file: '/s/other.pdf' }, { error: '/s/other.pdf is not one of the expected options', field: 'file' }],
    [{ type: 'Fax' }, { error: 'Fax is not one of the expected options', field: 'type' }],
  ])('%j', (input, result) => {
    expect(buildLink(input, pages, files)).toEqual(result);
  });

  it('reads an address back into its fields', () => {
    expect(linkInputFrom('mailto:a@example.com?subject=Hi%20there')).toMatchObject({ type: 'Email', email: 'a@example.com', subject: 'Hi there' });
    expect(linkInputFrom('tel:+15550100')).toEqual({ type: 'Phone', phone: '+15550100' });
    expect(linkInputFrom('/s/a.pdf')).toEqual({ type: 'File', file: '/s/a.pdf' });
    expect(linkInputFrom('/faq')).toEqual({ type: 'Page', page: '/faq' });
    expect(linkInputFrom('https://example.com')).toEqual({ type: 'Web Address', url: 'https://example.com' });
  });
});
