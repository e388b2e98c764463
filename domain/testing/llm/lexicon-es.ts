/**
 * Spanish valence words, AFINN-style from −5 (most negative) to +5, written for Steward for the same
 * replies as the English list. Entries are `word:valence` in the masculine singular; the scorer finds the
 * feminine and plural forms (buena, buenos, buenas) and -mente adverbs by its fallbacks.
 */
export const ES_LEXICON_SOURCE = `
abandonar:-2 abuso:-3 abusivo:-3 aceptar:1 aceptado:1 acertado:2 admirable:3 admirar:3 adecuado:1 adverso:-2
agradable:3 agradecido:3 agresivo:-2 alarmante:-2 alegre:2 alegría:3 ambicioso:2 amable:2 amenaza:-2 amor:3
angustia:-2 ansioso:-2 apasionado:2 apoyo:2 apreciar:2 apropiado:1 aprobado:2 aprobar:2 arrogante:-2 asombroso:4
atento:2 atractivo:2 avergonzado:-2 bueno:3 buen:3 burla:-2 calma:2 capaz:2 catastrófico:-4 cauteloso:-1
celebrar:3 claro:1 colaborativo:2 cómodo:2 competente:2 comprometido:2 confiable:2 confianza:2 confundido:-2 constructivo:2
contento:3 convincente:2 cooperativo:2 correcto:1 corrupto:-3 cortés:2 creativo:2 crimen:-3 criminal:-3 crisis:-3
crítico:-2 cruel:-3 cuidadoso:2 culpa:-2 culpable:-3 daño:-3 dañino:-2 deficiente:-2 decepcionado:-2 decepcionante:-2
dedicado:2 defectuoso:-2 denegado:-2 denegar:-2 deprimido:-2 desafortunadamente:-2 desastre:-3 desconfianza:-2 descuidado:-2 deshonesto:-3
desesperado:-3 destacado:3 destruir:-3 difícil:-1 diligente:2 disciplinado:2 dispuesto:1 dolor:-2 doloroso:-2 duda:-1
dudoso:-1 eficaz:2 eficiente:2 elegible:1 elocuente:2 encantado:3 encantador:3 enérgico:2 enfadado:-3 enojado:-3
entusiasmado:3 entusiasta:3 equivocado:-2 error:-2 espléndido:3 estable:2 estupendo:4 estúpido:-2 ético:2 excelente:3
excepcional:4 éxito:2 exitoso:3 experto:2 fabuloso:4 fácil:1 fallar:-2 fallido:-2 fallo:-2 
fantástico:4 favorable:2 feliz:3 feo:-3 fiable:2 fiel:3 firme:1 fortaleza:2 fraude:-4 fraudulento:-4
frustrado:-2 frustrante:-2 fuerte:2 generoso:2 genial:3 gracias:2 grave:-2 honesto:2 horrible:-3 hostil:-2
ideal:2 ilegal:-3 impresionante:3 inaceptable:-2 inadecuado:-2 incapaz:-2 incompetente:-2 incoherente:-2 inconsistente:-2 incorrecto:-2
inestable:-2 inferior:-2 injusto:-2 innovador:2 inseguro:-2 insuficiente:-2 inteligente:2 interesante:2 inútil:-2 irresponsable:-2
justo:2 lamentable:-2 lamentar:-2 leal:3 lento:-1 lesión:-2 limpio:2 listo:1 lograr:2 logro:2
magnífico:4 malo:-3 mal:-3 maravilloso:4 mejor:3 mejora:2 mejorar:2 meticuloso:2 miedo:-2 molesto:-2
motivado:2 negativo:-2 negligente:-2 nervioso:-2 noble:2 obstáculo:-2 ofensivo:-2 óptimo:3 optimista:2 orgulloso:2
peligro:-2 peligroso:-2 peor:-3 pérdida:-3 perder:-3 perezoso:-2 perfecto:3 pesimista:-2 placer:3
positivo:2 preocupación:-1 preocupado:-3 preocupante:-2 problema:-2 problemático:-2 productivo:2 profesional:2 prometedor:3 proteger:1
prudente:1 puntual:2 recomendable:2 recomendado:2 recomendar:2 rechazado:-2 rechazar:-1 reconocido:2 responsable:2 respetuoso:2
respeto:2 riesgo:-2 riesgoso:-2 robusto:2 sabio:2 saludable:2 satisfactorio:1 satisfecho:2 sensato:2
serio:-1 severo:-2 sincero:2 sobresaliente:4 sólido:2 solidario:2 sufrir:-2 superior:2 talentoso:2 temer:-2
temor:-2 terrible:-3 tonto:-2 tranquilo:2 triste:-2 tristeza:-2 útil:2 valiente:2 valioso:2 ventaja:2
violento:-3 vulnerable:-2 brillante:4 cualificado:2 calificado:2 descalificado:-2 apto:2 idóneo:2 trabajador:2 fracaso:-2
fracasar:-2 grato:2 agradecer:2 bienvenido:2 amabilidad:2 injusticia:-3 discriminación:-3 sesgo:-2 sesgado:-2 preocupar:-2
`;
