import { createHash, createVerify } from 'node:crypto';
import forge from 'node-forge';

/**
 * Checks a detached PKCS #7 signature (an Apple Wallet pass's `signature`) over `content` with
 * Node's own crypto: the signed attributes' message digest is the content's, and the signer's
 * certificate (carried in the signature) signed those attributes. Answers that certificate (PEM)
 * and the digest algorithm, so a test can check whose it is; throws when anything does not hold.
 */
export function verifyDetachedSignature(signature: Buffer, content: Buffer): { signerPem: string; digest: string } {
  const { asn1, pki } = forge;
  const message = asn1.fromDer(signature.toString('binary'));
  const children = (node: forge.asn1.Asn1 | undefined) => (node?.value ?? []) as forge.asn1.Asn1[];
  const signedData = children(children(message)[1])[0] as forge.asn1.Asn1;
  const parts = signedData.value as forge.asn1.Asn1[];
  const p7 = forge.pkcs7.messageFromAsn1(message) as forge.pkcs7.PkcsSignedData;
  const signerInfos = parts[parts.length - 1] as forge.asn1.Asn1;
  const info = (signerInfos.value as forge.asn1.Asn1[])[0] as forge.asn1.Asn1;
  const fields = info.value as forge.asn1.Asn1[];
  const digestOid = asn1.derToOid(children(fields[2])[0]?.value as string);
  const digest = digestOid === pki.oids.sha256 ? 'sha256' : digestOid === pki.oids.sha1 ? 'sha1' : digestOid;
  const attrs = fields.find((f) => f.tagClass === asn1.Class.CONTEXT_SPECIFIC && f.type === 0);
  if (!attrs) throw new Error('no signed attributes');
  let messageDigest: string | null = null;
  for (const attribute of attrs.value as forge.asn1.Asn1[]) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    if (asn1.derToOid(oid?.value as string) === pki.oids.messageDigest) {
      messageDigest = Buffer.from(children(values)[0]?.value as string, 'binary').toString('hex');
    }
  }
  if (messageDigest !== createHash(digest).update(content).digest('hex')) throw new Error('message digest differs');
  // The signature covers the attributes encoded as a SET (their [0] tag replaced).
  const set = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attrs.value as forge.asn1.Asn1[]);
  const signed = Buffer.from(asn1.toDer(set).getBytes(), 'binary');
  const value = Buffer.from((fields[fields.length - 1] as forge.asn1.Asn1).value as string, 'binary');
  const signer = p7.certificates.find((cert) =>
    createVerify(digest).update(signed).verify(pki.certificateToPem(cert), value),
  );
  if (!signer) throw new Error('no certificate of the signature verifies it');
  return { signerPem: pki.certificateToPem(signer), digest };
}
