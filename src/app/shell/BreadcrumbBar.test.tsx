import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { routeByName } from '../routes';
import { CurrentRouteContext } from '../shared/hooks/current-route';
import { BreadcrumbBar } from './BreadcrumbBar';
import { renderWithTheme } from './testing';

function show(name: string, subtitle?: string) {
  const route = routeByName.get(name)!;
  return renderWithTheme(
    <CurrentRouteContext.Provider value={{ name, title: route.title, params: {}, subtitle }}>
      <BreadcrumbBar route={route} />
    </CurrentRouteContext.Provider>,
  );
}

let pushes = 0;
const realPush = history.pushState.bind(history);
beforeEach(() => {
  pushes = 0;
  history.pushState = (...args: Parameters<History['pushState']>) => {
    pushes++;
    realPush(...args);
  };
});
afterEach(() => {
  history.pushState = realPush;
  act(() => realPush(null, '', '/'));
});

describe('BreadcrumbBar', () => {
  it('builds the crumbs from the parent chain, with the subtitle', () => {
    show('positionCollection', 'Java开发工程师');
    const nav = screen.getByRole('navigation', { name: '当前位置' });
    expect(nav.textContent).toContain('首页');
    expect(nav.textContent).toContain('全职招聘');
    expect(nav.textContent).toContain('收到的简历');
    expect(nav.textContent).toContain('Java开发工程师');
    // ancestors are links, the page itself is marked current
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['首页', '/index'],
      ['全职招聘', '/position'],
    ]);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toContain('收到的简历');
    expect(screen.queryByTestId('search-box')).toBeNull();
  });

  it('searches on Enter only when the trimmed keywords changed', () => {
    act(() => realPush(null, '', '/hall?keywords=java'));
    show('hall');
    const box = screen.getByTestId('search-box') as HTMLInputElement;
    expect(box.placeholder).toBe('请输入搜索关键词');
    expect(box.value).toBe('java');

    fireEvent.change(box, { target: { value: '  java ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(pushes).toBe(0);

    fireEvent.change(box, { target: { value: ' 前端 ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(pushes).toBe(1);
    expect(new URLSearchParams(location.search).get('keywords')).toBe('前端');

    fireEvent.click(screen.getByTestId('search-button'));
    expect(pushes).toBe(1);
  });
});
