/**
 * A menu of cards, each a link to a route with a title and a line of text: the Pix hub (/Pix) and
 * the send menu (/PixSend) draw it, and so does any later menu page. A list of links (`ul` > `li`
 * > `a`), so a screen reader says how many ways there are and each link's name is its title and
 * text. One column on a phone. The page gives only the cards whose routes exist
 * (src/shell/registered-routes.ts): a card never leads to a dead end.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import { TOUCH_TARGET, media } from './breakpoints';
import { Icon, type IconName } from './icons';

export interface GridCard {
  /** A stable key (the catalogue's id of the card). */
  id: string;
  href: string;
  title: string;
  text: string;
  icon?: IconName;
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
  ${media.phone} {
    grid-template-columns: 1fr;
  }
`;

const CardLink = styled(Link)`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  min-height: ${TOUCH_TARGET}px;
  height: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  & strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  & span {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** The cards in the order given; see the file's comment. */
export function CardGrid({ cards }: { cards: readonly GridCard[] }) {
  return (
    <Grid>
      {cards.map((c) => (
        <li key={c.id}>
          <CardLink href={c.href}>
            {c.icon && <Icon name={c.icon} />}
            <div>
              <strong>{c.title}</strong>
              <span>{c.text}</span>
            </div>
          </CardLink>
        </li>
      ))}
    </Grid>
  );
}
