import type Database from 'better-sqlite3';
import { DEMO_USERS } from '../../demo/users.ts';

/**
 * The demo recipient books (2-money-movement.md §2 Recipient book): about 25 for Maria, of the
 * three types, with varied nicknames, banks and dates so paging (5, 10, 20 a page) and sorting
 * show; a few for the bakery. Fixed data, no random draw: the recipient ids are the same on every
 * seed. Documents are valid (check digits) and banks are on machines/data/banks.json.
 */

export interface SeedRecipient {
  recipientType: 'BankTransfer' | 'InternalTransfer' | 'Pix';
  nickname: string;
  name?: string;
  cpfCnpj?: string;
  bankCode?: string;
  bankName?: string;
  branchCode?: string;
  accountType?: 'CC' | 'POUPANCA';
  accountNumber?: string;
  accountNumberDigit?: string;
  phoneNumber?: string;
  key?: string;
}

const ted = (
  nickname: string,
  name: string,
  cpfCnpj: string,
  bank: readonly [string, string],
  branchCode: string,
  accountType: 'CC' | 'POUPANCA',
  accountNumber: string,
  accountNumberDigit: string,
): SeedRecipient => ({
  recipientType: 'BankTransfer',
  nickname,
  name,
  cpfCnpj,
  bankCode: bank[0],
  bankName: bank[1],
  branchCode,
  accountType,
  accountNumber,
  accountNumberDigit,
});

const pix = (nickname: string, name: string, key: string): SeedRecipient => ({
  recipientType: 'Pix',
  nickname,
  name,
  key,
});

const company = (nickname: string, name: string, cnpj: string): SeedRecipient => ({
  recipientType: 'InternalTransfer',
  nickname,
  name,
  cpfCnpj: cnpj,
});

const BB = ['001', 'Banco do Brasil S.A.'] as const;
const BRADESCO = ['237', 'Banco Bradesco S.A.'] as const;
const ITAU = ['341', 'ITAÚ UNIBANCO S.A.'] as const;
const CAIXA = ['104', 'Caixa Econômica Federal'] as const;
const NUBANK = ['260', 'NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO'] as const;
const INTER = ['077', 'Banco Inter S.A.'] as const;
const SANTANDER = ['033', 'BANCO SANTANDER (BRASIL) S.A.'] as const;

/** The bakery's CNPJ (alphanumeric) and Doce Sabor's (numeric): company accounts of the bank. */
export const PADARIA_CNPJ = DEMO_USERS.padaria.taxId;
export const DOCE_SABOR_CNPJ = DEMO_USERS.docesabor.taxId;

/** Maria's book, oldest first (the last gets the highest id). */
export const MARIA_RECIPIENTS: readonly SeedRecipient[] = [
  ted('Aluguel - Imobiliária', 'Imobiliária Centro Ltda', '60471829000102', ITAU, '0912', 'CC', '45821', '7'),
  ted('Mãe', 'Ana Souza Santos', '31820476553', BB, '1234', 'POUPANCA', '998877', '1'),
  pix('Academia', 'Bruno Oliveira Lima', 'bruno.oliveira@exemplo.com.br'),
  ted('Irmão', 'Carlos Silva Santos', '70291358497', NUBANK, '0001', 'CC', '8812345', '0'),
  company('Padaria da esquina', DEMO_USERS.padaria.name, PADARIA_CNPJ),
  ted('Condomínio', 'Condomínio Edifício Flores', '38152746000193', BRADESCO, '3310', 'CC', '12004', '5'),
  pix('Diarista', 'Daniela Pereira Costa', '+5511912345678'),
  ted(
    'Escola das crianças',
    'Colégio Aprender Ltda',
    '72904615000153',
    SANTANDER,
    '4455',
    'CC',
    '130022',
    '9',
  ),
  ted('Dentista', 'Eduardo Rodrigues Almeida', '64027519361', CAIXA, '0630', 'CC', '1002003', '4'),
  pix('Feira', 'Fernanda Nascimento', '81536042790'),
  ted('Reforma - pedreiro', 'Gabriel Araújo Ferreira', '81536042790', INTER, '0001', 'CC', '2233445', '6'),
  ted('Poupança do Lucas', 'Lucas Silva Santos', '29374615819', CAIXA, '1597', 'POUPANCA', '776655', '3'),
  pix('Costureira', 'Helena Carvalho Gomes', 'helena.costura@exemplo.com.br'),
  ted('Contador', 'Igor Gomes Oliveira', '48751203626', ITAU, '0450', 'CC', '33012', '8'),
  ted('Viagem - agência', 'Viagens Sol e Mar Ltda', '15396082000102', BB, '2901', 'CC', '55001', '2'),
  pix('Juliana (vizinha)', 'Juliana Lima Souza', '15903728405'),
  ted('Professora de inglês', 'Mariana Costa Pereira', '92648137564', NUBANK, '0001', 'CC', '9988776', '5'),
  ted('Veterinário', 'Rafael Almeida Lima', '37485920197', BRADESCO, '2120', 'CC', '70011', '0'),
  pix('Beatriz - presente', 'Beatriz Ferreira Araújo', '54810269370'),
  ted(
    'Aluguel da garagem',
    'Beatriz Ferreira Araújo',
    '54810269370',
    SANTANDER,
    '0033',
    'POUPANCA',
    '410022',
    '1',
  ),
  ted('Tia Helena', 'Helena Souza Nascimento', '15903728405', INTER, '0001', 'CC', '5566778', '9'),
  pix('Jardineiro', 'Igor Pereira Costa', '+5511955554444'),
  ted('Seguro do carro', 'Seguradora Proteção S.A.', '38152746000193', ITAU, '0001', 'CC', '90001', '4'),
  ted('Zelador', 'Bruno Carvalho Lima', '48751203626', CAIXA, '0001', 'POUPANCA', '123123', '2'),
  pix('Bolo de aniversário', DEMO_USERS.docesabor.name, DOCE_SABOR_CNPJ),
];

/** The bakery's book. */
export const PADARIA_RECIPIENTS: readonly SeedRecipient[] = [
  ted('Moinho', 'Moinho Trigo Bom S.A.', '72904615000153', BB, '3001', 'CC', '77001', '3'),
  company('Confeitaria parceira', DEMO_USERS.docesabor.name, DOCE_SABOR_CNPJ),
  pix('Laticínios', 'Laticínios Serra Azul Ltda', '60471829000102'),
  ted('José (sócio)', 'José Carlos Dourado', '12345678909', BRADESCO, '1010', 'CC', '202020', '7'),
];

/** Inserts a book for one account, three days apart, the last one yesterday. */
export function insertRecipients(
  db: Database.Database,
  accountId: string,
  book: readonly SeedRecipient[],
  now: Date,
): void {
  const insert = db.prepare(
    `INSERT INTO recipients (account_id, recipient_type, nickname, name, cpf_cnpj, bank_code, bank_name, branch_code,
       account_type, account_number, account_number_digit, phone_number, pix_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  book.forEach((r, i) => {
    const created = new Date(now.getTime() - (book.length - i) * 3 * 86_400_000);
    insert.run(
      accountId,
      r.recipientType,
      r.nickname,
      r.name ?? null,
      r.cpfCnpj ?? null,
      r.bankCode ?? null,
      r.bankName ?? null,
      r.branchCode ?? null,
      r.accountType ?? null,
      r.accountNumber ?? null,
      r.accountNumberDigit ?? null,
      r.phoneNumber ?? null,
      r.key ?? null,
      created.toISOString(),
    );
  });
}
