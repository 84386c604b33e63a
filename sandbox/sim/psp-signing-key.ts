/**
 * The sandbox PSP's key for signing its charge payloads (issue 27; sim/charge-jws.ts): RSA 2048,
 * as a private JWK (RFC 7518 §6.3). Fixed and published on purpose, like the demo customers'
 * passwords and security-code secrets (demo/users.ts): the sandbox is not a bank anyone pays, its
 * verifiers need a key that is the same after a restart (a payer caches the JWK Set by `kid`), and
 * making a 2048-bit key takes seconds of CPU at every start. A real PSP keeps its key in an HSM
 * and publishes only the public part, with its ICP-Brasil certificate.
 */
export const SANDBOX_PSP_SIGNING_JWK = {
  kty: 'RSA',
  n: 'upLwtMOV7bUaJYdnHZBAkQrts4J-7JDS8QCWDbpyRtcQAL4bDPV3pfGY3_xjL1_HDUoM7DgScttxQ5BESPD149g4UtkG9KvRySwU5tzCnEOvnFGuEQ6O4F3PdT3dzj3Z_hO1qnzBjhobinL1YFuE2f7UFoIXUnwng0m3wEV3QOaHdB4w2LMpBufDXCjr1HIwszEJD-APbOQqQbrmMAWRtxS2lRnTu7aufRBpsnzFZnzDXTuYDyzzQwpVPCCsz5JjkkDCQP9LhaEZ59ym1bWd2gF8Oo5Wy_cerQ12rTQn7dlp9RPpZH-dJGTbV18yRxs4hqVXOtlEN6dRk_Wv5BCLJQ',
  e: 'AQAB',
  d: 'KXy1M6zuMN59guzZ_BPwl5ATjUAuUxJdJaQYudLEyIXYFCIxx67pvSe888mekJE-pPDbcMeDKrErPXfeB041j0WsOJfz2QI_8vjvaOqcB71xVlQ_XaGcGb4ifJKWON8-EyZ01gVJ0PxzNVUcxSF0qDjnFl41K21aJ_KDfqizvOVk7JH3rJp270HQlE8PeJ-PE5_pNmd1Z-ewyDDwvgXqeIc4XXfz6Xuep0G5H09BTNnMADaO6pUSRGQ6P8koc6f7YFQuY6e_WDcb6SAgQmXUp_1HMQeNsRYJU7IMIN7mY5wrpNgiWZXJ2Xbd1rZ9CCPl9Y5LpRRb1Ap0i3VUXVHGIQ',
  p: '4HcAO5JqQl3iFVccfONooa1qP01lXTG8JPZvxlcD0SkzhJzpTxUkvQF9DXBgd7in9vSHMqxqJ_ljLpr0LvcjIcosoV5Uu2RcSG-YRmmf5lsqh1I9VFR2CzuYPYDVWGXp1aVDg2Fc7nhRlzRcC1LnVipEqqCTVNP_SmWKeCHJuLk',
  q: '1Mkskb-9HPJDJg0QuTghHvYN9C2E5-QciZvb_5iGfstMY6dXgnb488TAhI5F9gToZ9Jb1wFECQJSxEFyDTp3h8MP89jhEpTHmbD4zDzUKCLzAe_E63pxT7OpDFytqcVo2wkBpvYduIpMpr8IxytGjlBJiQp9Sh1L7tXZfL_nF80',
  dp: 'RFUV1gzRmliYTeTSAFb-cFGpiZHXLNLKMvputpOgztjbHSDjibanE37TgfbW9ztYrr5sNgn02yx5fCOh-HY11MCGa62a391Clq6aTb0z912DieSIVRbNRMgkpXyF9j44PFjuP52xO8uXEw_WgYAAeuOtOcBeebF8Azr8N2wZy8k',
  dq: 'p8Z_h-Qg3qP-YhBHMWOaaekkk3UYqCbqgW4NBvligrMVZjXaABqCrOJj0aDEdPjlrobktyBeXqQgUnIv1VJWUQtylphYzufUgdBSO-dyeLsl1E8Te4Atu-Qy1HZ2z7fBt4LgdJ72TD1vtsJFz5TFqwyPDqjgpQF4j7a6J2zAb7k',
  qi: 'NBQ3q_8McjwHtgcqBDiyLd-fBmOZq5KfEuKmD4tmZFfHzrwQPvQK7pFDTzhIc2bV7ATcmA4JX4WmbygF9J0otriA19bwH3vLo1aG7kLvwjRp30EUIthQv0OeSXcQrzuyU3_BN5-2c28FhxL20DSXEhi6iAkv8dJQa0A_o32vb3E',
} as const;
