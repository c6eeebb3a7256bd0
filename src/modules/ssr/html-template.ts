/**
 * The page shell Vite built (index.html with the hashed entry script and stylesheet), split
 * once around its three slots so each response is a few string joins.
 */
export class HtmlTemplate {
  private readonly beforeLang: string;
  private readonly beforeHead: string;
  private readonly beforeBody: string;
  private readonly afterBody: string;

  constructor(html: string) {
    const lang = html.indexOf('<html lang="en-US">');
    const head = html.indexOf('<!--app-head-->');
    const body = html.indexOf('<!--app-html-->');
    if (lang === -1 || head === -1 || body === -1) {
      throw new Error('index.html lacks <html lang="en-US">, <!--app-head--> or <!--app-html-->');
    }
    this.beforeLang = html.slice(0, lang);
    this.beforeHead = html.slice(lang + '<html lang="en-US">'.length, head);
    this.beforeBody = html.slice(head + '<!--app-head-->'.length, body);
    this.afterBody = html.slice(body + '<!--app-html-->'.length);
  }

  fill(lang: string, head: string, body: string): string {
    return `${this.beforeLang}<html lang="${lang}">${this.beforeHead}${head}${this.beforeBody}${body}${this.afterBody}`;
  }
}
