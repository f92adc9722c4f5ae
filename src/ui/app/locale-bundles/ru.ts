/** Every Russian locale file, as one chunk the console loads when Russian is first chosen. */
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/ru/*.json', {
  eager: true,
  import: 'default',
});
export default files;
