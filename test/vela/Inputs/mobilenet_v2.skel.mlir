#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<1x3x64x64xf32>) -> tensor<1x1000xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense_resource<torch_tensor_1000_torch.float32> : tensor<1000xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_1000_1280_torch.float32> : tensor<1000x1280xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_1280_torch.float32_3> : tensor<1280xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_1280_torch.float32_2> : tensor<1280xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_1280_torch.float32_1> : tensor<1280xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_1280_torch.float32> : tensor<1280xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_1280_320_1_1_torch.float32> : tensor<1280x320x1x1xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_320_torch.float32_3> : tensor<320xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_320_torch.float32_2> : tensor<320xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_320_torch.float32_1> : tensor<320xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_320_torch.float32> : tensor<320xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_320_960_1_1_torch.float32> : tensor<320x960x1x1xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_960_torch.float32_23> : tensor<960xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_960_torch.float32_22> : tensor<960xf32>
    %cst_16 = arith.constant dense_resource<torch_tensor_960_torch.float32_21> : tensor<960xf32>
    %cst_17 = arith.constant dense_resource<torch_tensor_960_torch.float32_20> : tensor<960xf32>
    %cst_18 = arith.constant dense_resource<torch_tensor_960_1_3_3_torch.float32_2> : tensor<960x1x3x3xf32>
    %cst_19 = arith.constant dense_resource<torch_tensor_960_torch.float32_19> : tensor<960xf32>
    %cst_20 = arith.constant dense_resource<torch_tensor_960_torch.float32_18> : tensor<960xf32>
    %cst_21 = arith.constant dense_resource<torch_tensor_960_torch.float32_17> : tensor<960xf32>
    %cst_22 = arith.constant dense_resource<torch_tensor_960_torch.float32_16> : tensor<960xf32>
    %cst_23 = arith.constant dense_resource<torch_tensor_960_160_1_1_torch.float32_2> : tensor<960x160x1x1xf32>
    %cst_24 = arith.constant dense_resource<torch_tensor_160_torch.float32_11> : tensor<160xf32>
    %cst_25 = arith.constant dense_resource<torch_tensor_160_torch.float32_10> : tensor<160xf32>
    %cst_26 = arith.constant dense_resource<torch_tensor_160_torch.float32_9> : tensor<160xf32>
    %cst_27 = arith.constant dense_resource<torch_tensor_160_torch.float32_8> : tensor<160xf32>
    %cst_28 = arith.constant dense_resource<torch_tensor_160_960_1_1_torch.float32_1> : tensor<160x960x1x1xf32>
    %cst_29 = arith.constant dense_resource<torch_tensor_960_torch.float32_15> : tensor<960xf32>
    %cst_30 = arith.constant dense_resource<torch_tensor_960_torch.float32_14> : tensor<960xf32>
    %cst_31 = arith.constant dense_resource<torch_tensor_960_torch.float32_13> : tensor<960xf32>
    %cst_32 = arith.constant dense_resource<torch_tensor_960_torch.float32_12> : tensor<960xf32>
    %cst_33 = arith.constant dense_resource<torch_tensor_960_1_3_3_torch.float32_1> : tensor<960x1x3x3xf32>
    %cst_34 = arith.constant dense_resource<torch_tensor_960_torch.float32_11> : tensor<960xf32>
    %cst_35 = arith.constant dense_resource<torch_tensor_960_torch.float32_10> : tensor<960xf32>
    %cst_36 = arith.constant dense_resource<torch_tensor_960_torch.float32_9> : tensor<960xf32>
    %cst_37 = arith.constant dense_resource<torch_tensor_960_torch.float32_8> : tensor<960xf32>
    %cst_38 = arith.constant dense_resource<torch_tensor_960_160_1_1_torch.float32_1> : tensor<960x160x1x1xf32>
    %cst_39 = arith.constant dense_resource<torch_tensor_160_torch.float32_7> : tensor<160xf32>
    %cst_40 = arith.constant dense_resource<torch_tensor_160_torch.float32_6> : tensor<160xf32>
    %cst_41 = arith.constant dense_resource<torch_tensor_160_torch.float32_5> : tensor<160xf32>
    %cst_42 = arith.constant dense_resource<torch_tensor_160_torch.float32_4> : tensor<160xf32>
    %cst_43 = arith.constant dense_resource<torch_tensor_160_960_1_1_torch.float32> : tensor<160x960x1x1xf32>
    %cst_44 = arith.constant dense_resource<torch_tensor_960_torch.float32_7> : tensor<960xf32>
    %cst_45 = arith.constant dense_resource<torch_tensor_960_torch.float32_6> : tensor<960xf32>
    %cst_46 = arith.constant dense_resource<torch_tensor_960_torch.float32_5> : tensor<960xf32>
    %cst_47 = arith.constant dense_resource<torch_tensor_960_torch.float32_4> : tensor<960xf32>
    %cst_48 = arith.constant dense_resource<torch_tensor_960_1_3_3_torch.float32> : tensor<960x1x3x3xf32>
    %cst_49 = arith.constant dense_resource<torch_tensor_960_torch.float32_3> : tensor<960xf32>
    %cst_50 = arith.constant dense_resource<torch_tensor_960_torch.float32_2> : tensor<960xf32>
    %cst_51 = arith.constant dense_resource<torch_tensor_960_torch.float32_1> : tensor<960xf32>
    %cst_52 = arith.constant dense_resource<torch_tensor_960_torch.float32> : tensor<960xf32>
    %cst_53 = arith.constant dense_resource<torch_tensor_960_160_1_1_torch.float32> : tensor<960x160x1x1xf32>
    %cst_54 = arith.constant dense_resource<torch_tensor_160_torch.float32_3> : tensor<160xf32>
    %cst_55 = arith.constant dense_resource<torch_tensor_160_torch.float32_2> : tensor<160xf32>
    %cst_56 = arith.constant dense_resource<torch_tensor_160_torch.float32_1> : tensor<160xf32>
    %cst_57 = arith.constant dense_resource<torch_tensor_160_torch.float32> : tensor<160xf32>
    %cst_58 = arith.constant dense_resource<torch_tensor_160_576_1_1_torch.float32> : tensor<160x576x1x1xf32>
    %cst_59 = arith.constant dense_resource<torch_tensor_576_torch.float32_23> : tensor<576xf32>
    %cst_60 = arith.constant dense_resource<torch_tensor_576_torch.float32_22> : tensor<576xf32>
    %cst_61 = arith.constant dense_resource<torch_tensor_576_torch.float32_21> : tensor<576xf32>
    %cst_62 = arith.constant dense_resource<torch_tensor_576_torch.float32_20> : tensor<576xf32>
    %cst_63 = arith.constant dense_resource<torch_tensor_576_1_3_3_torch.float32_2> : tensor<576x1x3x3xf32>
    %cst_64 = arith.constant dense_resource<torch_tensor_576_torch.float32_19> : tensor<576xf32>
    %cst_65 = arith.constant dense_resource<torch_tensor_576_torch.float32_18> : tensor<576xf32>
    %cst_66 = arith.constant dense_resource<torch_tensor_576_torch.float32_17> : tensor<576xf32>
    %cst_67 = arith.constant dense_resource<torch_tensor_576_torch.float32_16> : tensor<576xf32>
    %cst_68 = arith.constant dense_resource<torch_tensor_576_96_1_1_torch.float32_2> : tensor<576x96x1x1xf32>
    %cst_69 = arith.constant dense_resource<torch_tensor_96_torch.float32_19> : tensor<96xf32>
    %cst_70 = arith.constant dense_resource<torch_tensor_96_torch.float32_18> : tensor<96xf32>
    %cst_71 = arith.constant dense_resource<torch_tensor_96_torch.float32_17> : tensor<96xf32>
    %cst_72 = arith.constant dense_resource<torch_tensor_96_torch.float32_16> : tensor<96xf32>
    %cst_73 = arith.constant dense_resource<torch_tensor_96_576_1_1_torch.float32_1> : tensor<96x576x1x1xf32>
    %cst_74 = arith.constant dense_resource<torch_tensor_576_torch.float32_15> : tensor<576xf32>
    %cst_75 = arith.constant dense_resource<torch_tensor_576_torch.float32_14> : tensor<576xf32>
    %cst_76 = arith.constant dense_resource<torch_tensor_576_torch.float32_13> : tensor<576xf32>
    %cst_77 = arith.constant dense_resource<torch_tensor_576_torch.float32_12> : tensor<576xf32>
    %cst_78 = arith.constant dense_resource<torch_tensor_576_1_3_3_torch.float32_1> : tensor<576x1x3x3xf32>
    %cst_79 = arith.constant dense_resource<torch_tensor_576_torch.float32_11> : tensor<576xf32>
    %cst_80 = arith.constant dense_resource<torch_tensor_576_torch.float32_10> : tensor<576xf32>
    %cst_81 = arith.constant dense_resource<torch_tensor_576_torch.float32_9> : tensor<576xf32>
    %cst_82 = arith.constant dense_resource<torch_tensor_576_torch.float32_8> : tensor<576xf32>
    %cst_83 = arith.constant dense_resource<torch_tensor_576_96_1_1_torch.float32_1> : tensor<576x96x1x1xf32>
    %cst_84 = arith.constant dense_resource<torch_tensor_96_torch.float32_15> : tensor<96xf32>
    %cst_85 = arith.constant dense_resource<torch_tensor_96_torch.float32_14> : tensor<96xf32>
    %cst_86 = arith.constant dense_resource<torch_tensor_96_torch.float32_13> : tensor<96xf32>
    %cst_87 = arith.constant dense_resource<torch_tensor_96_torch.float32_12> : tensor<96xf32>
    %cst_88 = arith.constant dense_resource<torch_tensor_96_576_1_1_torch.float32> : tensor<96x576x1x1xf32>
    %cst_89 = arith.constant dense_resource<torch_tensor_576_torch.float32_7> : tensor<576xf32>
    %cst_90 = arith.constant dense_resource<torch_tensor_576_torch.float32_6> : tensor<576xf32>
    %cst_91 = arith.constant dense_resource<torch_tensor_576_torch.float32_5> : tensor<576xf32>
    %cst_92 = arith.constant dense_resource<torch_tensor_576_torch.float32_4> : tensor<576xf32>
    %cst_93 = arith.constant dense_resource<torch_tensor_576_1_3_3_torch.float32> : tensor<576x1x3x3xf32>
    %cst_94 = arith.constant dense_resource<torch_tensor_576_torch.float32_3> : tensor<576xf32>
    %cst_95 = arith.constant dense_resource<torch_tensor_576_torch.float32_2> : tensor<576xf32>
    %cst_96 = arith.constant dense_resource<torch_tensor_576_torch.float32_1> : tensor<576xf32>
    %cst_97 = arith.constant dense_resource<torch_tensor_576_torch.float32> : tensor<576xf32>
    %cst_98 = arith.constant dense_resource<torch_tensor_576_96_1_1_torch.float32> : tensor<576x96x1x1xf32>
    %cst_99 = arith.constant dense_resource<torch_tensor_96_torch.float32_11> : tensor<96xf32>
    %cst_100 = arith.constant dense_resource<torch_tensor_96_torch.float32_10> : tensor<96xf32>
    %cst_101 = arith.constant dense_resource<torch_tensor_96_torch.float32_9> : tensor<96xf32>
    %cst_102 = arith.constant dense_resource<torch_tensor_96_torch.float32_8> : tensor<96xf32>
    %cst_103 = arith.constant dense_resource<torch_tensor_96_384_1_1_torch.float32> : tensor<96x384x1x1xf32>
    %cst_104 = arith.constant dense_resource<torch_tensor_384_torch.float32_31> : tensor<384xf32>
    %cst_105 = arith.constant dense_resource<torch_tensor_384_torch.float32_30> : tensor<384xf32>
    %cst_106 = arith.constant dense_resource<torch_tensor_384_torch.float32_29> : tensor<384xf32>
    %cst_107 = arith.constant dense_resource<torch_tensor_384_torch.float32_28> : tensor<384xf32>
    %cst_108 = arith.constant dense_resource<torch_tensor_384_1_3_3_torch.float32_3> : tensor<384x1x3x3xf32>
    %cst_109 = arith.constant dense_resource<torch_tensor_384_torch.float32_27> : tensor<384xf32>
    %cst_110 = arith.constant dense_resource<torch_tensor_384_torch.float32_26> : tensor<384xf32>
    %cst_111 = arith.constant dense_resource<torch_tensor_384_torch.float32_25> : tensor<384xf32>
    %cst_112 = arith.constant dense_resource<torch_tensor_384_torch.float32_24> : tensor<384xf32>
    %cst_113 = arith.constant dense_resource<torch_tensor_384_64_1_1_torch.float32_3> : tensor<384x64x1x1xf32>
    %cst_114 = arith.constant dense_resource<torch_tensor_64_torch.float32_15> : tensor<64xf32>
    %cst_115 = arith.constant dense_resource<torch_tensor_64_torch.float32_14> : tensor<64xf32>
    %cst_116 = arith.constant dense_resource<torch_tensor_64_torch.float32_13> : tensor<64xf32>
    %cst_117 = arith.constant dense_resource<torch_tensor_64_torch.float32_12> : tensor<64xf32>
    %cst_118 = arith.constant dense_resource<torch_tensor_64_384_1_1_torch.float32_2> : tensor<64x384x1x1xf32>
    %cst_119 = arith.constant dense_resource<torch_tensor_384_torch.float32_23> : tensor<384xf32>
    %cst_120 = arith.constant dense_resource<torch_tensor_384_torch.float32_22> : tensor<384xf32>
    %cst_121 = arith.constant dense_resource<torch_tensor_384_torch.float32_21> : tensor<384xf32>
    %cst_122 = arith.constant dense_resource<torch_tensor_384_torch.float32_20> : tensor<384xf32>
    %cst_123 = arith.constant dense_resource<torch_tensor_384_1_3_3_torch.float32_2> : tensor<384x1x3x3xf32>
    %cst_124 = arith.constant dense_resource<torch_tensor_384_torch.float32_19> : tensor<384xf32>
    %cst_125 = arith.constant dense_resource<torch_tensor_384_torch.float32_18> : tensor<384xf32>
    %cst_126 = arith.constant dense_resource<torch_tensor_384_torch.float32_17> : tensor<384xf32>
    %cst_127 = arith.constant dense_resource<torch_tensor_384_torch.float32_16> : tensor<384xf32>
    %cst_128 = arith.constant dense_resource<torch_tensor_384_64_1_1_torch.float32_2> : tensor<384x64x1x1xf32>
    %cst_129 = arith.constant dense_resource<torch_tensor_64_torch.float32_11> : tensor<64xf32>
    %cst_130 = arith.constant dense_resource<torch_tensor_64_torch.float32_10> : tensor<64xf32>
    %cst_131 = arith.constant dense_resource<torch_tensor_64_torch.float32_9> : tensor<64xf32>
    %cst_132 = arith.constant dense_resource<torch_tensor_64_torch.float32_8> : tensor<64xf32>
    %cst_133 = arith.constant dense_resource<torch_tensor_64_384_1_1_torch.float32_1> : tensor<64x384x1x1xf32>
    %cst_134 = arith.constant dense_resource<torch_tensor_384_torch.float32_15> : tensor<384xf32>
    %cst_135 = arith.constant dense_resource<torch_tensor_384_torch.float32_14> : tensor<384xf32>
    %cst_136 = arith.constant dense_resource<torch_tensor_384_torch.float32_13> : tensor<384xf32>
    %cst_137 = arith.constant dense_resource<torch_tensor_384_torch.float32_12> : tensor<384xf32>
    %cst_138 = arith.constant dense_resource<torch_tensor_384_1_3_3_torch.float32_1> : tensor<384x1x3x3xf32>
    %cst_139 = arith.constant dense_resource<torch_tensor_384_torch.float32_11> : tensor<384xf32>
    %cst_140 = arith.constant dense_resource<torch_tensor_384_torch.float32_10> : tensor<384xf32>
    %cst_141 = arith.constant dense_resource<torch_tensor_384_torch.float32_9> : tensor<384xf32>
    %cst_142 = arith.constant dense_resource<torch_tensor_384_torch.float32_8> : tensor<384xf32>
    %cst_143 = arith.constant dense_resource<torch_tensor_384_64_1_1_torch.float32_1> : tensor<384x64x1x1xf32>
    %cst_144 = arith.constant dense_resource<torch_tensor_64_torch.float32_7> : tensor<64xf32>
    %cst_145 = arith.constant dense_resource<torch_tensor_64_torch.float32_6> : tensor<64xf32>
    %cst_146 = arith.constant dense_resource<torch_tensor_64_torch.float32_5> : tensor<64xf32>
    %cst_147 = arith.constant dense_resource<torch_tensor_64_torch.float32_4> : tensor<64xf32>
    %cst_148 = arith.constant dense_resource<torch_tensor_64_384_1_1_torch.float32> : tensor<64x384x1x1xf32>
    %cst_149 = arith.constant dense_resource<torch_tensor_384_torch.float32_7> : tensor<384xf32>
    %cst_150 = arith.constant dense_resource<torch_tensor_384_torch.float32_6> : tensor<384xf32>
    %cst_151 = arith.constant dense_resource<torch_tensor_384_torch.float32_5> : tensor<384xf32>
    %cst_152 = arith.constant dense_resource<torch_tensor_384_torch.float32_4> : tensor<384xf32>
    %cst_153 = arith.constant dense_resource<torch_tensor_384_1_3_3_torch.float32> : tensor<384x1x3x3xf32>
    %cst_154 = arith.constant dense_resource<torch_tensor_384_torch.float32_3> : tensor<384xf32>
    %cst_155 = arith.constant dense_resource<torch_tensor_384_torch.float32_2> : tensor<384xf32>
    %cst_156 = arith.constant dense_resource<torch_tensor_384_torch.float32_1> : tensor<384xf32>
    %cst_157 = arith.constant dense_resource<torch_tensor_384_torch.float32> : tensor<384xf32>
    %cst_158 = arith.constant dense_resource<torch_tensor_384_64_1_1_torch.float32> : tensor<384x64x1x1xf32>
    %cst_159 = arith.constant dense_resource<torch_tensor_64_torch.float32_3> : tensor<64xf32>
    %cst_160 = arith.constant dense_resource<torch_tensor_64_torch.float32_2> : tensor<64xf32>
    %cst_161 = arith.constant dense_resource<torch_tensor_64_torch.float32_1> : tensor<64xf32>
    %cst_162 = arith.constant dense_resource<torch_tensor_64_torch.float32> : tensor<64xf32>
    %cst_163 = arith.constant dense_resource<torch_tensor_64_192_1_1_torch.float32> : tensor<64x192x1x1xf32>
    %cst_164 = arith.constant dense_resource<torch_tensor_192_torch.float32_23> : tensor<192xf32>
    %cst_165 = arith.constant dense_resource<torch_tensor_192_torch.float32_22> : tensor<192xf32>
    %cst_166 = arith.constant dense_resource<torch_tensor_192_torch.float32_21> : tensor<192xf32>
    %cst_167 = arith.constant dense_resource<torch_tensor_192_torch.float32_20> : tensor<192xf32>
    %cst_168 = arith.constant dense_resource<torch_tensor_192_1_3_3_torch.float32_2> : tensor<192x1x3x3xf32>
    %cst_169 = arith.constant dense_resource<torch_tensor_192_torch.float32_19> : tensor<192xf32>
    %cst_170 = arith.constant dense_resource<torch_tensor_192_torch.float32_18> : tensor<192xf32>
    %cst_171 = arith.constant dense_resource<torch_tensor_192_torch.float32_17> : tensor<192xf32>
    %cst_172 = arith.constant dense_resource<torch_tensor_192_torch.float32_16> : tensor<192xf32>
    %cst_173 = arith.constant dense_resource<torch_tensor_192_32_1_1_torch.float32_2> : tensor<192x32x1x1xf32>
    %cst_174 = arith.constant dense_resource<torch_tensor_32_torch.float32_19> : tensor<32xf32>
    %cst_175 = arith.constant dense_resource<torch_tensor_32_torch.float32_18> : tensor<32xf32>
    %cst_176 = arith.constant dense_resource<torch_tensor_32_torch.float32_17> : tensor<32xf32>
    %cst_177 = arith.constant dense_resource<torch_tensor_32_torch.float32_16> : tensor<32xf32>
    %cst_178 = arith.constant dense_resource<torch_tensor_32_192_1_1_torch.float32_1> : tensor<32x192x1x1xf32>
    %cst_179 = arith.constant dense_resource<torch_tensor_192_torch.float32_15> : tensor<192xf32>
    %cst_180 = arith.constant dense_resource<torch_tensor_192_torch.float32_14> : tensor<192xf32>
    %cst_181 = arith.constant dense_resource<torch_tensor_192_torch.float32_13> : tensor<192xf32>
    %cst_182 = arith.constant dense_resource<torch_tensor_192_torch.float32_12> : tensor<192xf32>
    %cst_183 = arith.constant dense_resource<torch_tensor_192_1_3_3_torch.float32_1> : tensor<192x1x3x3xf32>
    %cst_184 = arith.constant dense_resource<torch_tensor_192_torch.float32_11> : tensor<192xf32>
    %cst_185 = arith.constant dense_resource<torch_tensor_192_torch.float32_10> : tensor<192xf32>
    %cst_186 = arith.constant dense_resource<torch_tensor_192_torch.float32_9> : tensor<192xf32>
    %cst_187 = arith.constant dense_resource<torch_tensor_192_torch.float32_8> : tensor<192xf32>
    %cst_188 = arith.constant dense_resource<torch_tensor_192_32_1_1_torch.float32_1> : tensor<192x32x1x1xf32>
    %cst_189 = arith.constant dense_resource<torch_tensor_32_torch.float32_15> : tensor<32xf32>
    %cst_190 = arith.constant dense_resource<torch_tensor_32_torch.float32_14> : tensor<32xf32>
    %cst_191 = arith.constant dense_resource<torch_tensor_32_torch.float32_13> : tensor<32xf32>
    %cst_192 = arith.constant dense_resource<torch_tensor_32_torch.float32_12> : tensor<32xf32>
    %cst_193 = arith.constant dense_resource<torch_tensor_32_192_1_1_torch.float32> : tensor<32x192x1x1xf32>
    %cst_194 = arith.constant dense_resource<torch_tensor_192_torch.float32_7> : tensor<192xf32>
    %cst_195 = arith.constant dense_resource<torch_tensor_192_torch.float32_6> : tensor<192xf32>
    %cst_196 = arith.constant dense_resource<torch_tensor_192_torch.float32_5> : tensor<192xf32>
    %cst_197 = arith.constant dense_resource<torch_tensor_192_torch.float32_4> : tensor<192xf32>
    %cst_198 = arith.constant dense_resource<torch_tensor_192_1_3_3_torch.float32> : tensor<192x1x3x3xf32>
    %cst_199 = arith.constant dense_resource<torch_tensor_192_torch.float32_3> : tensor<192xf32>
    %cst_200 = arith.constant dense_resource<torch_tensor_192_torch.float32_2> : tensor<192xf32>
    %cst_201 = arith.constant dense_resource<torch_tensor_192_torch.float32_1> : tensor<192xf32>
    %cst_202 = arith.constant dense_resource<torch_tensor_192_torch.float32> : tensor<192xf32>
    %cst_203 = arith.constant dense_resource<torch_tensor_192_32_1_1_torch.float32> : tensor<192x32x1x1xf32>
    %cst_204 = arith.constant dense_resource<torch_tensor_32_torch.float32_11> : tensor<32xf32>
    %cst_205 = arith.constant dense_resource<torch_tensor_32_torch.float32_10> : tensor<32xf32>
    %cst_206 = arith.constant dense_resource<torch_tensor_32_torch.float32_9> : tensor<32xf32>
    %cst_207 = arith.constant dense_resource<torch_tensor_32_torch.float32_8> : tensor<32xf32>
    %cst_208 = arith.constant dense_resource<torch_tensor_32_144_1_1_torch.float32> : tensor<32x144x1x1xf32>
    %cst_209 = arith.constant dense_resource<torch_tensor_144_torch.float32_15> : tensor<144xf32>
    %cst_210 = arith.constant dense_resource<torch_tensor_144_torch.float32_14> : tensor<144xf32>
    %cst_211 = arith.constant dense_resource<torch_tensor_144_torch.float32_13> : tensor<144xf32>
    %cst_212 = arith.constant dense_resource<torch_tensor_144_torch.float32_12> : tensor<144xf32>
    %cst_213 = arith.constant dense_resource<torch_tensor_144_1_3_3_torch.float32_1> : tensor<144x1x3x3xf32>
    %cst_214 = arith.constant dense_resource<torch_tensor_144_torch.float32_11> : tensor<144xf32>
    %cst_215 = arith.constant dense_resource<torch_tensor_144_torch.float32_10> : tensor<144xf32>
    %cst_216 = arith.constant dense_resource<torch_tensor_144_torch.float32_9> : tensor<144xf32>
    %cst_217 = arith.constant dense_resource<torch_tensor_144_torch.float32_8> : tensor<144xf32>
    %cst_218 = arith.constant dense_resource<torch_tensor_144_24_1_1_torch.float32_1> : tensor<144x24x1x1xf32>
    %cst_219 = arith.constant dense_resource<torch_tensor_24_torch.float32_7> : tensor<24xf32>
    %cst_220 = arith.constant dense_resource<torch_tensor_24_torch.float32_6> : tensor<24xf32>
    %cst_221 = arith.constant dense_resource<torch_tensor_24_torch.float32_5> : tensor<24xf32>
    %cst_222 = arith.constant dense_resource<torch_tensor_24_torch.float32_4> : tensor<24xf32>
    %cst_223 = arith.constant dense_resource<torch_tensor_24_144_1_1_torch.float32> : tensor<24x144x1x1xf32>
    %cst_224 = arith.constant dense_resource<torch_tensor_144_torch.float32_7> : tensor<144xf32>
    %cst_225 = arith.constant dense_resource<torch_tensor_144_torch.float32_6> : tensor<144xf32>
    %cst_226 = arith.constant dense_resource<torch_tensor_144_torch.float32_5> : tensor<144xf32>
    %cst_227 = arith.constant dense_resource<torch_tensor_144_torch.float32_4> : tensor<144xf32>
    %cst_228 = arith.constant dense_resource<torch_tensor_144_1_3_3_torch.float32> : tensor<144x1x3x3xf32>
    %cst_229 = arith.constant dense_resource<torch_tensor_144_torch.float32_3> : tensor<144xf32>
    %cst_230 = arith.constant dense_resource<torch_tensor_144_torch.float32_2> : tensor<144xf32>
    %cst_231 = arith.constant dense_resource<torch_tensor_144_torch.float32_1> : tensor<144xf32>
    %cst_232 = arith.constant dense_resource<torch_tensor_144_torch.float32> : tensor<144xf32>
    %cst_233 = arith.constant dense_resource<torch_tensor_144_24_1_1_torch.float32> : tensor<144x24x1x1xf32>
    %cst_234 = arith.constant dense_resource<torch_tensor_24_torch.float32_3> : tensor<24xf32>
    %cst_235 = arith.constant dense_resource<torch_tensor_24_torch.float32_2> : tensor<24xf32>
    %cst_236 = arith.constant dense_resource<torch_tensor_24_torch.float32_1> : tensor<24xf32>
    %cst_237 = arith.constant dense_resource<torch_tensor_24_torch.float32> : tensor<24xf32>
    %cst_238 = arith.constant dense_resource<torch_tensor_24_96_1_1_torch.float32> : tensor<24x96x1x1xf32>
    %cst_239 = arith.constant dense_resource<torch_tensor_96_torch.float32_7> : tensor<96xf32>
    %cst_240 = arith.constant dense_resource<torch_tensor_96_torch.float32_6> : tensor<96xf32>
    %cst_241 = arith.constant dense_resource<torch_tensor_96_torch.float32_5> : tensor<96xf32>
    %cst_242 = arith.constant dense_resource<torch_tensor_96_torch.float32_4> : tensor<96xf32>
    %cst_243 = arith.constant dense_resource<torch_tensor_96_1_3_3_torch.float32> : tensor<96x1x3x3xf32>
    %cst_244 = arith.constant dense_resource<torch_tensor_96_torch.float32_3> : tensor<96xf32>
    %cst_245 = arith.constant dense_resource<torch_tensor_96_torch.float32_2> : tensor<96xf32>
    %cst_246 = arith.constant dense_resource<torch_tensor_96_torch.float32_1> : tensor<96xf32>
    %cst_247 = arith.constant dense_resource<torch_tensor_96_torch.float32> : tensor<96xf32>
    %cst_248 = arith.constant dense_resource<torch_tensor_96_16_1_1_torch.float32> : tensor<96x16x1x1xf32>
    %cst_249 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_250 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_251 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_252 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_253 = arith.constant dense_resource<torch_tensor_16_32_1_1_torch.float32> : tensor<16x32x1x1xf32>
    %cst_254 = arith.constant dense_resource<torch_tensor_32_torch.float32_7> : tensor<32xf32>
    %cst_255 = arith.constant dense_resource<torch_tensor_32_torch.float32_6> : tensor<32xf32>
    %cst_256 = arith.constant dense_resource<torch_tensor_32_torch.float32_5> : tensor<32xf32>
    %cst_257 = arith.constant dense_resource<torch_tensor_32_torch.float32_4> : tensor<32xf32>
    %cst_258 = arith.constant dense_resource<torch_tensor_32_1_3_3_torch.float32> : tensor<32x1x3x3xf32>
    %cst_259 = arith.constant dense_resource<torch_tensor_32_torch.float32_3> : tensor<32xf32>
    %cst_260 = arith.constant dense_resource<torch_tensor_32_torch.float32_2> : tensor<32xf32>
    %cst_261 = arith.constant 1.000000e-05 : f64
    %cst_262 = arith.constant dense_resource<torch_tensor_32_torch.float32_1> : tensor<32xf32>
    %cst_263 = arith.constant dense_resource<torch_tensor_32_torch.float32> : tensor<32xf32>
    %cst_264 = arith.constant dense_resource<torch_tensor_32_3_3_3_torch.float32> : tensor<32x3x3x3xf32>
    %cst_265 = arith.constant 4.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x3x64x64xf32> to tensor<1x3x66x66xf32>
    %0 = tensor.empty() : tensor<1x32x32x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_264 : tensor<1x3x66x66xf32>, tensor<32x3x3x3xf32>) outs(%1 : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
    %3 = tensor.empty() : tensor<32xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_262 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<32xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<32xf32>
    %expanded = tensor.expand_shape %cst_263 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_266 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_266 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %expanded_267 = tensor.expand_shape %cst_260 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_267 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %expanded_268 = tensor.expand_shape %cst_259 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_268 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %cst_1 : tensor<1x32x32x32xf32>, tensor<f32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x32x32x32xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %10 : tensor<f32>, tensor<1x32x32x32xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x32x32x32xf32>
    %padded_269 = tensor.pad %11 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x32x32x32xf32> to tensor<1x32x34x34xf32>
    %collapsed = tensor.collapse_shape %cst_258 [[0, 1], [2], [3]] : tensor<32x1x3x3xf32> into tensor<32x3x3xf32>
    %12 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_269, %collapsed : tensor<1x32x34x34xf32>, tensor<32x3x3xf32>) outs(%1 : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_256 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<32xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%13 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<32xf32>
    %expanded_270 = tensor.expand_shape %cst_257 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_271 = tensor.expand_shape %14 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_270 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %expanded_271 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %expanded_272 = tensor.expand_shape %cst_255 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %expanded_272 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %expanded_273 = tensor.expand_shape %cst_254 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_273 : tensor<1x32x32x32xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x32x32xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %cst_1 : tensor<1x32x32x32xf32>, tensor<f32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x32x32x32xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %19 : tensor<f32>, tensor<1x32x32x32xf32>) outs(%0 : tensor<1x32x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x32x32x32xf32>
    %21 = tensor.empty() : tensor<1x16x32x32xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
    %23 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%20, %cst_253 : tensor<1x32x32x32xf32>, tensor<16x32x1x1xf32>) outs(%22 : tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
    %24 = tensor.empty() : tensor<16xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_251 : tensor<16xf32>) outs(%24 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<16xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%25 : tensor<16xf32>) outs(%24 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<16xf32>
    %expanded_274 = tensor.expand_shape %cst_252 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_275 = tensor.expand_shape %26 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_274 : tensor<1x16x32x32xf32>, tensor<16x1x1xf32>) outs(%21 : tensor<1x16x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x16x32x32xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_275 : tensor<1x16x32x32xf32>, tensor<16x1x1xf32>) outs(%21 : tensor<1x16x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x16x32x32xf32>
    %expanded_276 = tensor.expand_shape %cst_250 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_276 : tensor<1x16x32x32xf32>, tensor<16x1x1xf32>) outs(%21 : tensor<1x16x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x16x32x32xf32>
    %expanded_277 = tensor.expand_shape %cst_249 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %expanded_277 : tensor<1x16x32x32xf32>, tensor<16x1x1xf32>) outs(%21 : tensor<1x16x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x16x32x32xf32>
    %31 = tensor.empty() : tensor<1x96x32x32xf32>
    %32 = linalg.fill ins(%cst : f32) outs(%31 : tensor<1x96x32x32xf32>) -> tensor<1x96x32x32xf32>
    %33 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%30, %cst_248 : tensor<1x16x32x32xf32>, tensor<96x16x1x1xf32>) outs(%32 : tensor<1x96x32x32xf32>) -> tensor<1x96x32x32xf32>
    %34 = tensor.empty() : tensor<96xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_246 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<96xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%35 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<96xf32>
    %expanded_278 = tensor.expand_shape %cst_247 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %expanded_279 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_278 : tensor<1x96x32x32xf32>, tensor<96x1x1xf32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x32x32xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %expanded_279 : tensor<1x96x32x32xf32>, tensor<96x1x1xf32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x32x32xf32>
    %expanded_280 = tensor.expand_shape %cst_245 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_280 : tensor<1x96x32x32xf32>, tensor<96x1x1xf32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x32x32xf32>
    %expanded_281 = tensor.expand_shape %cst_244 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %expanded_281 : tensor<1x96x32x32xf32>, tensor<96x1x1xf32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x32x32xf32>
    %41 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %cst_1 : tensor<1x96x32x32xf32>, tensor<f32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x96x32x32xf32>
    %42 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %41 : tensor<f32>, tensor<1x96x32x32xf32>) outs(%31 : tensor<1x96x32x32xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x96x32x32xf32>
    %padded_282 = tensor.pad %42 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x96x32x32xf32> to tensor<1x96x34x34xf32>
    %43 = tensor.empty() : tensor<1x96x16x16xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<1x96x16x16xf32>) -> tensor<1x96x16x16xf32>
    %collapsed_283 = tensor.collapse_shape %cst_243 [[0, 1], [2], [3]] : tensor<96x1x3x3xf32> into tensor<96x3x3xf32>
    %45 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_282, %collapsed_283 : tensor<1x96x34x34xf32>, tensor<96x3x3xf32>) outs(%44 : tensor<1x96x16x16xf32>) -> tensor<1x96x16x16xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_241 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<96xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%46 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<96xf32>
    %expanded_284 = tensor.expand_shape %cst_242 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %expanded_285 = tensor.expand_shape %47 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %48 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_284 : tensor<1x96x16x16xf32>, tensor<96x1x1xf32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x16x16xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %expanded_285 : tensor<1x96x16x16xf32>, tensor<96x1x1xf32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x16x16xf32>
    %expanded_286 = tensor.expand_shape %cst_240 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49, %expanded_286 : tensor<1x96x16x16xf32>, tensor<96x1x1xf32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x16x16xf32>
    %expanded_287 = tensor.expand_shape %cst_239 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_287 : tensor<1x96x16x16xf32>, tensor<96x1x1xf32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x16x16xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %cst_1 : tensor<1x96x16x16xf32>, tensor<f32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x96x16x16xf32>
    %53 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %52 : tensor<f32>, tensor<1x96x16x16xf32>) outs(%43 : tensor<1x96x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x96x16x16xf32>
    %54 = tensor.empty() : tensor<1x24x16x16xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32>
    %56 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%53, %cst_238 : tensor<1x96x16x16xf32>, tensor<24x96x1x1xf32>) outs(%55 : tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32>
    %57 = tensor.empty() : tensor<24xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_236 : tensor<24xf32>) outs(%57 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<24xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%58 : tensor<24xf32>) outs(%57 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<24xf32>
    %expanded_288 = tensor.expand_shape %cst_237 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %expanded_289 = tensor.expand_shape %59 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %expanded_288 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60, %expanded_289 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_290 = tensor.expand_shape %cst_235 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_290 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_291 = tensor.expand_shape %cst_234 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_291 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %64 = tensor.empty() : tensor<1x144x16x16xf32>
    %65 = linalg.fill ins(%cst : f32) outs(%64 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %66 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%63, %cst_233 : tensor<1x24x16x16xf32>, tensor<144x24x1x1xf32>) outs(%65 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %67 = tensor.empty() : tensor<144xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_231 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<144xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%68 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<144xf32>
    %expanded_292 = tensor.expand_shape %cst_232 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_293 = tensor.expand_shape %69 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %expanded_292 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %expanded_293 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_294 = tensor.expand_shape %cst_230 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %expanded_294 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_295 = tensor.expand_shape %cst_229 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%72, %expanded_295 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73, %cst_1 : tensor<1x144x16x16xf32>, tensor<f32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %75 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %74 : tensor<f32>, tensor<1x144x16x16xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %padded_296 = tensor.pad %75 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x144x16x16xf32> to tensor<1x144x18x18xf32>
    %collapsed_297 = tensor.collapse_shape %cst_228 [[0, 1], [2], [3]] : tensor<144x1x3x3xf32> into tensor<144x3x3xf32>
    %76 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_296, %collapsed_297 : tensor<1x144x18x18xf32>, tensor<144x3x3xf32>) outs(%65 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_226 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<144xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%77 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<144xf32>
    %expanded_298 = tensor.expand_shape %cst_227 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_299 = tensor.expand_shape %78 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %expanded_298 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79, %expanded_299 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_300 = tensor.expand_shape %cst_225 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %expanded_300 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_301 = tensor.expand_shape %cst_224 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%81, %expanded_301 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82, %cst_1 : tensor<1x144x16x16xf32>, tensor<f32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %84 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %83 : tensor<f32>, tensor<1x144x16x16xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %85 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%84, %cst_223 : tensor<1x144x16x16xf32>, tensor<24x144x1x1xf32>) outs(%55 : tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_221 : tensor<24xf32>) outs(%57 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<24xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%86 : tensor<24xf32>) outs(%57 : tensor<24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<24xf32>
    %expanded_302 = tensor.expand_shape %cst_222 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %expanded_303 = tensor.expand_shape %87 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85, %expanded_302 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88, %expanded_303 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_304 = tensor.expand_shape %cst_220 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%89, %expanded_304 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %expanded_305 = tensor.expand_shape %cst_219 [[0, 1, 2]] output_shape [24, 1, 1] : tensor<24xf32> into tensor<24x1x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%90, %expanded_305 : tensor<1x24x16x16xf32>, tensor<24x1x1xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %91 : tensor<1x24x16x16xf32>, tensor<1x24x16x16xf32>) outs(%54 : tensor<1x24x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x24x16x16xf32>
    %93 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%92, %cst_218 : tensor<1x24x16x16xf32>, tensor<144x24x1x1xf32>) outs(%65 : tensor<1x144x16x16xf32>) -> tensor<1x144x16x16xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_216 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<144xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%94 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<144xf32>
    %expanded_306 = tensor.expand_shape %cst_217 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_307 = tensor.expand_shape %95 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%93, %expanded_306 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%96, %expanded_307 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_308 = tensor.expand_shape %cst_215 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%97, %expanded_308 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %expanded_309 = tensor.expand_shape %cst_214 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98, %expanded_309 : tensor<1x144x16x16xf32>, tensor<144x1x1xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x16x16xf32>
    %100 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%99, %cst_1 : tensor<1x144x16x16xf32>, tensor<f32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %101 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %100 : tensor<f32>, tensor<1x144x16x16xf32>) outs(%64 : tensor<1x144x16x16xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x16x16xf32>
    %padded_310 = tensor.pad %101 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x144x16x16xf32> to tensor<1x144x18x18xf32>
    %102 = tensor.empty() : tensor<1x144x8x8xf32>
    %103 = linalg.fill ins(%cst : f32) outs(%102 : tensor<1x144x8x8xf32>) -> tensor<1x144x8x8xf32>
    %collapsed_311 = tensor.collapse_shape %cst_213 [[0, 1], [2], [3]] : tensor<144x1x3x3xf32> into tensor<144x3x3xf32>
    %104 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_310, %collapsed_311 : tensor<1x144x18x18xf32>, tensor<144x3x3xf32>) outs(%103 : tensor<1x144x8x8xf32>) -> tensor<1x144x8x8xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_211 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<144xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%105 : tensor<144xf32>) outs(%67 : tensor<144xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<144xf32>
    %expanded_312 = tensor.expand_shape %cst_212 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %expanded_313 = tensor.expand_shape %106 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%104, %expanded_312 : tensor<1x144x8x8xf32>, tensor<144x1x1xf32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x8x8xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%107, %expanded_313 : tensor<1x144x8x8xf32>, tensor<144x1x1xf32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x8x8xf32>
    %expanded_314 = tensor.expand_shape %cst_210 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%108, %expanded_314 : tensor<1x144x8x8xf32>, tensor<144x1x1xf32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x8x8xf32>
    %expanded_315 = tensor.expand_shape %cst_209 [[0, 1, 2]] output_shape [144, 1, 1] : tensor<144xf32> into tensor<144x1x1xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%109, %expanded_315 : tensor<1x144x8x8xf32>, tensor<144x1x1xf32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x144x8x8xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110, %cst_1 : tensor<1x144x8x8xf32>, tensor<f32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x8x8xf32>
    %112 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %111 : tensor<f32>, tensor<1x144x8x8xf32>) outs(%102 : tensor<1x144x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x144x8x8xf32>
    %113 = tensor.empty() : tensor<1x32x8x8xf32>
    %114 = linalg.fill ins(%cst : f32) outs(%113 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %115 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%112, %cst_208 : tensor<1x144x8x8xf32>, tensor<32x144x1x1xf32>) outs(%114 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %116 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_206 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<32xf32>
    %117 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%116 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<32xf32>
    %expanded_316 = tensor.expand_shape %cst_207 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_317 = tensor.expand_shape %117 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%115, %expanded_316 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%118, %expanded_317 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_318 = tensor.expand_shape %cst_205 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%119, %expanded_318 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_319 = tensor.expand_shape %cst_204 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %121 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%120, %expanded_319 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %122 = tensor.empty() : tensor<1x192x8x8xf32>
    %123 = linalg.fill ins(%cst : f32) outs(%122 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %124 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%121, %cst_203 : tensor<1x32x8x8xf32>, tensor<192x32x1x1xf32>) outs(%123 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %125 = tensor.empty() : tensor<192xf32>
    %126 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_201 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %127 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%126 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_320 = tensor.expand_shape %cst_202 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_321 = tensor.expand_shape %127 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %128 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%124, %expanded_320 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %129 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128, %expanded_321 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_322 = tensor.expand_shape %cst_200 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %130 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129, %expanded_322 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_323 = tensor.expand_shape %cst_199 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %131 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%130, %expanded_323 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %132 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %cst_1 : tensor<1x192x8x8xf32>, tensor<f32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %133 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %132 : tensor<f32>, tensor<1x192x8x8xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %padded_324 = tensor.pad %133 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x192x8x8xf32> to tensor<1x192x10x10xf32>
    %collapsed_325 = tensor.collapse_shape %cst_198 [[0, 1], [2], [3]] : tensor<192x1x3x3xf32> into tensor<192x3x3xf32>
    %134 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_324, %collapsed_325 : tensor<1x192x10x10xf32>, tensor<192x3x3xf32>) outs(%123 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %135 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_196 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %136 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%135 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_326 = tensor.expand_shape %cst_197 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_327 = tensor.expand_shape %136 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %137 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%134, %expanded_326 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %138 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%137, %expanded_327 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_328 = tensor.expand_shape %cst_195 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %139 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%138, %expanded_328 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_329 = tensor.expand_shape %cst_194 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %140 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%139, %expanded_329 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %141 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%140, %cst_1 : tensor<1x192x8x8xf32>, tensor<f32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %142 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %141 : tensor<f32>, tensor<1x192x8x8xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %143 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%142, %cst_193 : tensor<1x192x8x8xf32>, tensor<32x192x1x1xf32>) outs(%114 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %144 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_191 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<32xf32>
    %145 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%144 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<32xf32>
    %expanded_330 = tensor.expand_shape %cst_192 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_331 = tensor.expand_shape %145 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%143, %expanded_330 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%146, %expanded_331 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_332 = tensor.expand_shape %cst_190 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%147, %expanded_332 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_333 = tensor.expand_shape %cst_189 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %149 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%148, %expanded_333 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %150 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%121, %149 : tensor<1x32x8x8xf32>, tensor<1x32x8x8xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %151 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%150, %cst_188 : tensor<1x32x8x8xf32>, tensor<192x32x1x1xf32>) outs(%123 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %152 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_186 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %153 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%152 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_334 = tensor.expand_shape %cst_187 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_335 = tensor.expand_shape %153 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %154 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%151, %expanded_334 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %155 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%154, %expanded_335 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_336 = tensor.expand_shape %cst_185 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %156 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%155, %expanded_336 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_337 = tensor.expand_shape %cst_184 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %157 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%156, %expanded_337 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %158 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%157, %cst_1 : tensor<1x192x8x8xf32>, tensor<f32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %159 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %158 : tensor<f32>, tensor<1x192x8x8xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %padded_338 = tensor.pad %159 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x192x8x8xf32> to tensor<1x192x10x10xf32>
    %collapsed_339 = tensor.collapse_shape %cst_183 [[0, 1], [2], [3]] : tensor<192x1x3x3xf32> into tensor<192x3x3xf32>
    %160 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_338, %collapsed_339 : tensor<1x192x10x10xf32>, tensor<192x3x3xf32>) outs(%123 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %161 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_181 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %162 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%161 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_340 = tensor.expand_shape %cst_182 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_341 = tensor.expand_shape %162 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %163 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%160, %expanded_340 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %164 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%163, %expanded_341 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_342 = tensor.expand_shape %cst_180 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%164, %expanded_342 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_343 = tensor.expand_shape %cst_179 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %166 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%165, %expanded_343 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %167 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%166, %cst_1 : tensor<1x192x8x8xf32>, tensor<f32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %168 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %167 : tensor<f32>, tensor<1x192x8x8xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %169 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%168, %cst_178 : tensor<1x192x8x8xf32>, tensor<32x192x1x1xf32>) outs(%114 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %170 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_176 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<32xf32>
    %171 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%170 : tensor<32xf32>) outs(%3 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<32xf32>
    %expanded_344 = tensor.expand_shape %cst_177 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_345 = tensor.expand_shape %171 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%169, %expanded_344 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%172, %expanded_345 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_346 = tensor.expand_shape %cst_175 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%173, %expanded_346 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_347 = tensor.expand_shape %cst_174 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%174, %expanded_347 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %176 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%150, %175 : tensor<1x32x8x8xf32>, tensor<1x32x8x8xf32>) outs(%113 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x32x8x8xf32>
    %177 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%176, %cst_173 : tensor<1x32x8x8xf32>, tensor<192x32x1x1xf32>) outs(%123 : tensor<1x192x8x8xf32>) -> tensor<1x192x8x8xf32>
    %178 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_171 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %179 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%178 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_348 = tensor.expand_shape %cst_172 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_349 = tensor.expand_shape %179 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %180 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%177, %expanded_348 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %181 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%180, %expanded_349 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_350 = tensor.expand_shape %cst_170 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %182 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%181, %expanded_350 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %expanded_351 = tensor.expand_shape %cst_169 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %183 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%182, %expanded_351 : tensor<1x192x8x8xf32>, tensor<192x1x1xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x8x8xf32>
    %184 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%183, %cst_1 : tensor<1x192x8x8xf32>, tensor<f32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %185 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %184 : tensor<f32>, tensor<1x192x8x8xf32>) outs(%122 : tensor<1x192x8x8xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x8x8xf32>
    %padded_352 = tensor.pad %185 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x192x8x8xf32> to tensor<1x192x10x10xf32>
    %186 = tensor.empty() : tensor<1x192x4x4xf32>
    %187 = linalg.fill ins(%cst : f32) outs(%186 : tensor<1x192x4x4xf32>) -> tensor<1x192x4x4xf32>
    %collapsed_353 = tensor.collapse_shape %cst_168 [[0, 1], [2], [3]] : tensor<192x1x3x3xf32> into tensor<192x3x3xf32>
    %188 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_352, %collapsed_353 : tensor<1x192x10x10xf32>, tensor<192x3x3xf32>) outs(%187 : tensor<1x192x4x4xf32>) -> tensor<1x192x4x4xf32>
    %189 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_166 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<192xf32>
    %190 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%189 : tensor<192xf32>) outs(%125 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<192xf32>
    %expanded_354 = tensor.expand_shape %cst_167 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %expanded_355 = tensor.expand_shape %190 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %191 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%188, %expanded_354 : tensor<1x192x4x4xf32>, tensor<192x1x1xf32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x4x4xf32>
    %192 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%191, %expanded_355 : tensor<1x192x4x4xf32>, tensor<192x1x1xf32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x4x4xf32>
    %expanded_356 = tensor.expand_shape %cst_165 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %193 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%192, %expanded_356 : tensor<1x192x4x4xf32>, tensor<192x1x1xf32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x4x4xf32>
    %expanded_357 = tensor.expand_shape %cst_164 [[0, 1, 2]] output_shape [192, 1, 1] : tensor<192xf32> into tensor<192x1x1xf32>
    %194 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%193, %expanded_357 : tensor<1x192x4x4xf32>, tensor<192x1x1xf32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x192x4x4xf32>
    %195 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%194, %cst_1 : tensor<1x192x4x4xf32>, tensor<f32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x4x4xf32>
    %196 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %195 : tensor<f32>, tensor<1x192x4x4xf32>) outs(%186 : tensor<1x192x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x192x4x4xf32>
    %197 = tensor.empty() : tensor<1x64x4x4xf32>
    %198 = linalg.fill ins(%cst : f32) outs(%197 : tensor<1x64x4x4xf32>) -> tensor<1x64x4x4xf32>
    %199 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%196, %cst_163 : tensor<1x192x4x4xf32>, tensor<64x192x1x1xf32>) outs(%198 : tensor<1x64x4x4xf32>) -> tensor<1x64x4x4xf32>
    %200 = tensor.empty() : tensor<64xf32>
    %201 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_161 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<64xf32>
    %202 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%201 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<64xf32>
    %expanded_358 = tensor.expand_shape %cst_162 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_359 = tensor.expand_shape %202 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%199, %expanded_358 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %204 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%203, %expanded_359 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_360 = tensor.expand_shape %cst_160 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%204, %expanded_360 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_361 = tensor.expand_shape %cst_159 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %206 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%205, %expanded_361 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %207 = tensor.empty() : tensor<1x384x4x4xf32>
    %208 = linalg.fill ins(%cst : f32) outs(%207 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %209 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%206, %cst_158 : tensor<1x64x4x4xf32>, tensor<384x64x1x1xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %210 = tensor.empty() : tensor<384xf32>
    %211 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_156 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %212 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%211 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_362 = tensor.expand_shape %cst_157 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_363 = tensor.expand_shape %212 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%209, %expanded_362 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%213, %expanded_363 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_364 = tensor.expand_shape %cst_155 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %215 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%214, %expanded_364 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_365 = tensor.expand_shape %cst_154 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %216 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%215, %expanded_365 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%216, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %218 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %217 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %padded_366 = tensor.pad %218 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x384x4x4xf32> to tensor<1x384x6x6xf32>
    %collapsed_367 = tensor.collapse_shape %cst_153 [[0, 1], [2], [3]] : tensor<384x1x3x3xf32> into tensor<384x3x3xf32>
    %219 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_366, %collapsed_367 : tensor<1x384x6x6xf32>, tensor<384x3x3xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %220 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_151 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %221 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%220 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_368 = tensor.expand_shape %cst_152 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_369 = tensor.expand_shape %221 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %222 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%219, %expanded_368 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%222, %expanded_369 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_370 = tensor.expand_shape %cst_150 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%223, %expanded_370 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_371 = tensor.expand_shape %cst_149 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %225 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%224, %expanded_371 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %226 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%225, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %227 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %226 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %228 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%227, %cst_148 : tensor<1x384x4x4xf32>, tensor<64x384x1x1xf32>) outs(%198 : tensor<1x64x4x4xf32>) -> tensor<1x64x4x4xf32>
    %229 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_146 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<64xf32>
    %230 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%229 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<64xf32>
    %expanded_372 = tensor.expand_shape %cst_147 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_373 = tensor.expand_shape %230 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%228, %expanded_372 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%231, %expanded_373 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_374 = tensor.expand_shape %cst_145 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %233 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%232, %expanded_374 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_375 = tensor.expand_shape %cst_144 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%233, %expanded_375 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%206, %234 : tensor<1x64x4x4xf32>, tensor<1x64x4x4xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %236 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%235, %cst_143 : tensor<1x64x4x4xf32>, tensor<384x64x1x1xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %237 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_141 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %238 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%237 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_376 = tensor.expand_shape %cst_142 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_377 = tensor.expand_shape %238 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %239 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%236, %expanded_376 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %240 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%239, %expanded_377 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_378 = tensor.expand_shape %cst_140 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %241 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%240, %expanded_378 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_379 = tensor.expand_shape %cst_139 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%241, %expanded_379 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %243 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%242, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %244 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %243 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %padded_380 = tensor.pad %244 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x384x4x4xf32> to tensor<1x384x6x6xf32>
    %collapsed_381 = tensor.collapse_shape %cst_138 [[0, 1], [2], [3]] : tensor<384x1x3x3xf32> into tensor<384x3x3xf32>
    %245 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_380, %collapsed_381 : tensor<1x384x6x6xf32>, tensor<384x3x3xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %246 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_136 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %247 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%246 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_382 = tensor.expand_shape %cst_137 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_383 = tensor.expand_shape %247 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%245, %expanded_382 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %249 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%248, %expanded_383 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_384 = tensor.expand_shape %cst_135 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%249, %expanded_384 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_385 = tensor.expand_shape %cst_134 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %251 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%250, %expanded_385 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %252 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%251, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %253 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %252 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %254 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%253, %cst_133 : tensor<1x384x4x4xf32>, tensor<64x384x1x1xf32>) outs(%198 : tensor<1x64x4x4xf32>) -> tensor<1x64x4x4xf32>
    %255 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_131 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<64xf32>
    %256 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%255 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<64xf32>
    %expanded_386 = tensor.expand_shape %cst_132 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_387 = tensor.expand_shape %256 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %257 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%254, %expanded_386 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %258 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%257, %expanded_387 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_388 = tensor.expand_shape %cst_130 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%258, %expanded_388 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_389 = tensor.expand_shape %cst_129 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %260 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%259, %expanded_389 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%235, %260 : tensor<1x64x4x4xf32>, tensor<1x64x4x4xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %262 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%261, %cst_128 : tensor<1x64x4x4xf32>, tensor<384x64x1x1xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %263 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_126 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %264 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%263 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_390 = tensor.expand_shape %cst_127 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_391 = tensor.expand_shape %264 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %265 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%262, %expanded_390 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %266 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%265, %expanded_391 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_392 = tensor.expand_shape %cst_125 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %267 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%266, %expanded_392 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_393 = tensor.expand_shape %cst_124 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%267, %expanded_393 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %269 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%268, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %270 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %269 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %padded_394 = tensor.pad %270 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x384x4x4xf32> to tensor<1x384x6x6xf32>
    %collapsed_395 = tensor.collapse_shape %cst_123 [[0, 1], [2], [3]] : tensor<384x1x3x3xf32> into tensor<384x3x3xf32>
    %271 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_394, %collapsed_395 : tensor<1x384x6x6xf32>, tensor<384x3x3xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %272 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_121 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %273 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%272 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_396 = tensor.expand_shape %cst_122 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_397 = tensor.expand_shape %273 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %274 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%271, %expanded_396 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %275 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%274, %expanded_397 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_398 = tensor.expand_shape %cst_120 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %276 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%275, %expanded_398 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_399 = tensor.expand_shape %cst_119 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %277 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%276, %expanded_399 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %278 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%277, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %279 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %278 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %280 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%279, %cst_118 : tensor<1x384x4x4xf32>, tensor<64x384x1x1xf32>) outs(%198 : tensor<1x64x4x4xf32>) -> tensor<1x64x4x4xf32>
    %281 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_116 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<64xf32>
    %282 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%281 : tensor<64xf32>) outs(%200 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<64xf32>
    %expanded_400 = tensor.expand_shape %cst_117 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %expanded_401 = tensor.expand_shape %282 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %283 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%280, %expanded_400 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %284 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%283, %expanded_401 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_402 = tensor.expand_shape %cst_115 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %285 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%284, %expanded_402 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %expanded_403 = tensor.expand_shape %cst_114 [[0, 1, 2]] output_shape [64, 1, 1] : tensor<64xf32> into tensor<64x1x1xf32>
    %286 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%285, %expanded_403 : tensor<1x64x4x4xf32>, tensor<64x1x1xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %287 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%261, %286 : tensor<1x64x4x4xf32>, tensor<1x64x4x4xf32>) outs(%197 : tensor<1x64x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x64x4x4xf32>
    %288 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%287, %cst_113 : tensor<1x64x4x4xf32>, tensor<384x64x1x1xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %289 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_111 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %290 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%289 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_404 = tensor.expand_shape %cst_112 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_405 = tensor.expand_shape %290 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %291 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%288, %expanded_404 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %292 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%291, %expanded_405 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_406 = tensor.expand_shape %cst_110 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %293 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%292, %expanded_406 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_407 = tensor.expand_shape %cst_109 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %294 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%293, %expanded_407 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %295 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%294, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %296 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %295 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %padded_408 = tensor.pad %296 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x384x4x4xf32> to tensor<1x384x6x6xf32>
    %collapsed_409 = tensor.collapse_shape %cst_108 [[0, 1], [2], [3]] : tensor<384x1x3x3xf32> into tensor<384x3x3xf32>
    %297 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_408, %collapsed_409 : tensor<1x384x6x6xf32>, tensor<384x3x3xf32>) outs(%208 : tensor<1x384x4x4xf32>) -> tensor<1x384x4x4xf32>
    %298 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_106 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<384xf32>
    %299 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%298 : tensor<384xf32>) outs(%210 : tensor<384xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<384xf32>
    %expanded_410 = tensor.expand_shape %cst_107 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %expanded_411 = tensor.expand_shape %299 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %300 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%297, %expanded_410 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%300, %expanded_411 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_412 = tensor.expand_shape %cst_105 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %302 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%301, %expanded_412 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %expanded_413 = tensor.expand_shape %cst_104 [[0, 1, 2]] output_shape [384, 1, 1] : tensor<384xf32> into tensor<384x1x1xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%302, %expanded_413 : tensor<1x384x4x4xf32>, tensor<384x1x1xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x384x4x4xf32>
    %304 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%303, %cst_1 : tensor<1x384x4x4xf32>, tensor<f32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %305 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %304 : tensor<f32>, tensor<1x384x4x4xf32>) outs(%207 : tensor<1x384x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x384x4x4xf32>
    %306 = tensor.empty() : tensor<1x96x4x4xf32>
    %307 = linalg.fill ins(%cst : f32) outs(%306 : tensor<1x96x4x4xf32>) -> tensor<1x96x4x4xf32>
    %308 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%305, %cst_103 : tensor<1x384x4x4xf32>, tensor<96x384x1x1xf32>) outs(%307 : tensor<1x96x4x4xf32>) -> tensor<1x96x4x4xf32>
    %309 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_101 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<96xf32>
    %310 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%309 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<96xf32>
    %expanded_414 = tensor.expand_shape %cst_102 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %expanded_415 = tensor.expand_shape %310 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%308, %expanded_414 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %312 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%311, %expanded_415 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_416 = tensor.expand_shape %cst_100 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%312, %expanded_416 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_417 = tensor.expand_shape %cst_99 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %314 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%313, %expanded_417 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %315 = tensor.empty() : tensor<1x576x4x4xf32>
    %316 = linalg.fill ins(%cst : f32) outs(%315 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %317 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%314, %cst_98 : tensor<1x96x4x4xf32>, tensor<576x96x1x1xf32>) outs(%316 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %318 = tensor.empty() : tensor<576xf32>
    %319 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_96 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %320 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%319 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_418 = tensor.expand_shape %cst_97 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_419 = tensor.expand_shape %320 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %321 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%317, %expanded_418 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %322 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%321, %expanded_419 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_420 = tensor.expand_shape %cst_95 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %323 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%322, %expanded_420 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_421 = tensor.expand_shape %cst_94 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %324 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%323, %expanded_421 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %325 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%324, %cst_1 : tensor<1x576x4x4xf32>, tensor<f32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %326 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %325 : tensor<f32>, tensor<1x576x4x4xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %padded_422 = tensor.pad %326 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x576x4x4xf32> to tensor<1x576x6x6xf32>
    %collapsed_423 = tensor.collapse_shape %cst_93 [[0, 1], [2], [3]] : tensor<576x1x3x3xf32> into tensor<576x3x3xf32>
    %327 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_422, %collapsed_423 : tensor<1x576x6x6xf32>, tensor<576x3x3xf32>) outs(%316 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %328 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_91 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %329 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%328 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_424 = tensor.expand_shape %cst_92 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_425 = tensor.expand_shape %329 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %330 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%327, %expanded_424 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %331 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%330, %expanded_425 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_426 = tensor.expand_shape %cst_90 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %332 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%331, %expanded_426 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_427 = tensor.expand_shape %cst_89 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %333 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%332, %expanded_427 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %334 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%333, %cst_1 : tensor<1x576x4x4xf32>, tensor<f32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %335 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %334 : tensor<f32>, tensor<1x576x4x4xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %336 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%335, %cst_88 : tensor<1x576x4x4xf32>, tensor<96x576x1x1xf32>) outs(%307 : tensor<1x96x4x4xf32>) -> tensor<1x96x4x4xf32>
    %337 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_86 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<96xf32>
    %338 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%337 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<96xf32>
    %expanded_428 = tensor.expand_shape %cst_87 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %expanded_429 = tensor.expand_shape %338 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %339 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%336, %expanded_428 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %340 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%339, %expanded_429 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_430 = tensor.expand_shape %cst_85 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %341 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%340, %expanded_430 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_431 = tensor.expand_shape %cst_84 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %342 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%341, %expanded_431 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %343 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%314, %342 : tensor<1x96x4x4xf32>, tensor<1x96x4x4xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %344 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%343, %cst_83 : tensor<1x96x4x4xf32>, tensor<576x96x1x1xf32>) outs(%316 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %345 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_81 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %346 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%345 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_432 = tensor.expand_shape %cst_82 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_433 = tensor.expand_shape %346 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %347 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%344, %expanded_432 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %348 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%347, %expanded_433 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_434 = tensor.expand_shape %cst_80 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %349 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%348, %expanded_434 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_435 = tensor.expand_shape %cst_79 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %350 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%349, %expanded_435 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %351 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%350, %cst_1 : tensor<1x576x4x4xf32>, tensor<f32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %352 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %351 : tensor<f32>, tensor<1x576x4x4xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %padded_436 = tensor.pad %352 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x576x4x4xf32> to tensor<1x576x6x6xf32>
    %collapsed_437 = tensor.collapse_shape %cst_78 [[0, 1], [2], [3]] : tensor<576x1x3x3xf32> into tensor<576x3x3xf32>
    %353 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_436, %collapsed_437 : tensor<1x576x6x6xf32>, tensor<576x3x3xf32>) outs(%316 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %354 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_76 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %355 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%354 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_438 = tensor.expand_shape %cst_77 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_439 = tensor.expand_shape %355 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %356 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%353, %expanded_438 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %357 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%356, %expanded_439 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_440 = tensor.expand_shape %cst_75 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %358 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%357, %expanded_440 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_441 = tensor.expand_shape %cst_74 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %359 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%358, %expanded_441 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %360 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%359, %cst_1 : tensor<1x576x4x4xf32>, tensor<f32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %361 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %360 : tensor<f32>, tensor<1x576x4x4xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %362 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%361, %cst_73 : tensor<1x576x4x4xf32>, tensor<96x576x1x1xf32>) outs(%307 : tensor<1x96x4x4xf32>) -> tensor<1x96x4x4xf32>
    %363 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_71 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<96xf32>
    %364 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%363 : tensor<96xf32>) outs(%34 : tensor<96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<96xf32>
    %expanded_442 = tensor.expand_shape %cst_72 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %expanded_443 = tensor.expand_shape %364 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %365 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%362, %expanded_442 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %366 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%365, %expanded_443 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_444 = tensor.expand_shape %cst_70 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %367 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%366, %expanded_444 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %expanded_445 = tensor.expand_shape %cst_69 [[0, 1, 2]] output_shape [96, 1, 1] : tensor<96xf32> into tensor<96x1x1xf32>
    %368 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%367, %expanded_445 : tensor<1x96x4x4xf32>, tensor<96x1x1xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %369 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%343, %368 : tensor<1x96x4x4xf32>, tensor<1x96x4x4xf32>) outs(%306 : tensor<1x96x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x96x4x4xf32>
    %370 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%369, %cst_68 : tensor<1x96x4x4xf32>, tensor<576x96x1x1xf32>) outs(%316 : tensor<1x576x4x4xf32>) -> tensor<1x576x4x4xf32>
    %371 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_66 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %372 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%371 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_446 = tensor.expand_shape %cst_67 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_447 = tensor.expand_shape %372 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %373 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%370, %expanded_446 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %374 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%373, %expanded_447 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_448 = tensor.expand_shape %cst_65 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %375 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%374, %expanded_448 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %expanded_449 = tensor.expand_shape %cst_64 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %376 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%375, %expanded_449 : tensor<1x576x4x4xf32>, tensor<576x1x1xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x4x4xf32>
    %377 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%376, %cst_1 : tensor<1x576x4x4xf32>, tensor<f32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %378 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %377 : tensor<f32>, tensor<1x576x4x4xf32>) outs(%315 : tensor<1x576x4x4xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x4x4xf32>
    %padded_450 = tensor.pad %378 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x576x4x4xf32> to tensor<1x576x6x6xf32>
    %379 = tensor.empty() : tensor<1x576x2x2xf32>
    %380 = linalg.fill ins(%cst : f32) outs(%379 : tensor<1x576x2x2xf32>) -> tensor<1x576x2x2xf32>
    %collapsed_451 = tensor.collapse_shape %cst_63 [[0, 1], [2], [3]] : tensor<576x1x3x3xf32> into tensor<576x3x3xf32>
    %381 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_450, %collapsed_451 : tensor<1x576x6x6xf32>, tensor<576x3x3xf32>) outs(%380 : tensor<1x576x2x2xf32>) -> tensor<1x576x2x2xf32>
    %382 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_61 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<576xf32>
    %383 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%382 : tensor<576xf32>) outs(%318 : tensor<576xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<576xf32>
    %expanded_452 = tensor.expand_shape %cst_62 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %expanded_453 = tensor.expand_shape %383 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %384 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%381, %expanded_452 : tensor<1x576x2x2xf32>, tensor<576x1x1xf32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x2x2xf32>
    %385 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%384, %expanded_453 : tensor<1x576x2x2xf32>, tensor<576x1x1xf32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x2x2xf32>
    %expanded_454 = tensor.expand_shape %cst_60 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %386 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%385, %expanded_454 : tensor<1x576x2x2xf32>, tensor<576x1x1xf32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x2x2xf32>
    %expanded_455 = tensor.expand_shape %cst_59 [[0, 1, 2]] output_shape [576, 1, 1] : tensor<576xf32> into tensor<576x1x1xf32>
    %387 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%386, %expanded_455 : tensor<1x576x2x2xf32>, tensor<576x1x1xf32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x576x2x2xf32>
    %388 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%387, %cst_1 : tensor<1x576x2x2xf32>, tensor<f32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x2x2xf32>
    %389 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %388 : tensor<f32>, tensor<1x576x2x2xf32>) outs(%379 : tensor<1x576x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x576x2x2xf32>
    %390 = tensor.empty() : tensor<1x160x2x2xf32>
    %391 = linalg.fill ins(%cst : f32) outs(%390 : tensor<1x160x2x2xf32>) -> tensor<1x160x2x2xf32>
    %392 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%389, %cst_58 : tensor<1x576x2x2xf32>, tensor<160x576x1x1xf32>) outs(%391 : tensor<1x160x2x2xf32>) -> tensor<1x160x2x2xf32>
    %393 = tensor.empty() : tensor<160xf32>
    %394 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_56 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<160xf32>
    %395 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%394 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<160xf32>
    %expanded_456 = tensor.expand_shape %cst_57 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %expanded_457 = tensor.expand_shape %395 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %396 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%392, %expanded_456 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %397 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%396, %expanded_457 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_458 = tensor.expand_shape %cst_55 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %398 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%397, %expanded_458 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_459 = tensor.expand_shape %cst_54 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %399 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%398, %expanded_459 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %400 = tensor.empty() : tensor<1x960x2x2xf32>
    %401 = linalg.fill ins(%cst : f32) outs(%400 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %402 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%399, %cst_53 : tensor<1x160x2x2xf32>, tensor<960x160x1x1xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %403 = tensor.empty() : tensor<960xf32>
    %404 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_51 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %405 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%404 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_460 = tensor.expand_shape %cst_52 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_461 = tensor.expand_shape %405 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %406 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%402, %expanded_460 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %407 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%406, %expanded_461 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_462 = tensor.expand_shape %cst_50 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %408 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%407, %expanded_462 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_463 = tensor.expand_shape %cst_49 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %409 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%408, %expanded_463 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %410 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%409, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %411 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %410 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %padded_464 = tensor.pad %411 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x960x2x2xf32> to tensor<1x960x4x4xf32>
    %collapsed_465 = tensor.collapse_shape %cst_48 [[0, 1], [2], [3]] : tensor<960x1x3x3xf32> into tensor<960x3x3xf32>
    %412 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_464, %collapsed_465 : tensor<1x960x4x4xf32>, tensor<960x3x3xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %413 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_46 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %414 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%413 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_466 = tensor.expand_shape %cst_47 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_467 = tensor.expand_shape %414 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %415 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%412, %expanded_466 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %416 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%415, %expanded_467 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_468 = tensor.expand_shape %cst_45 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %417 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%416, %expanded_468 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_469 = tensor.expand_shape %cst_44 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %418 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%417, %expanded_469 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %419 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%418, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %420 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %419 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %421 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%420, %cst_43 : tensor<1x960x2x2xf32>, tensor<160x960x1x1xf32>) outs(%391 : tensor<1x160x2x2xf32>) -> tensor<1x160x2x2xf32>
    %422 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_41 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<160xf32>
    %423 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%422 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<160xf32>
    %expanded_470 = tensor.expand_shape %cst_42 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %expanded_471 = tensor.expand_shape %423 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %424 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%421, %expanded_470 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %425 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%424, %expanded_471 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_472 = tensor.expand_shape %cst_40 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %426 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%425, %expanded_472 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_473 = tensor.expand_shape %cst_39 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %427 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%426, %expanded_473 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %428 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%399, %427 : tensor<1x160x2x2xf32>, tensor<1x160x2x2xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %429 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%428, %cst_38 : tensor<1x160x2x2xf32>, tensor<960x160x1x1xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %430 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_36 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %431 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%430 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_474 = tensor.expand_shape %cst_37 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_475 = tensor.expand_shape %431 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %432 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%429, %expanded_474 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %433 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%432, %expanded_475 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_476 = tensor.expand_shape %cst_35 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %434 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%433, %expanded_476 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_477 = tensor.expand_shape %cst_34 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %435 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%434, %expanded_477 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %436 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%435, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %437 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %436 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %padded_478 = tensor.pad %437 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x960x2x2xf32> to tensor<1x960x4x4xf32>
    %collapsed_479 = tensor.collapse_shape %cst_33 [[0, 1], [2], [3]] : tensor<960x1x3x3xf32> into tensor<960x3x3xf32>
    %438 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_478, %collapsed_479 : tensor<1x960x4x4xf32>, tensor<960x3x3xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %439 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_31 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %440 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%439 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_480 = tensor.expand_shape %cst_32 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_481 = tensor.expand_shape %440 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %441 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%438, %expanded_480 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %442 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%441, %expanded_481 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_482 = tensor.expand_shape %cst_30 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %443 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%442, %expanded_482 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_483 = tensor.expand_shape %cst_29 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %444 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%443, %expanded_483 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %445 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%444, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %446 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %445 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %447 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%446, %cst_28 : tensor<1x960x2x2xf32>, tensor<160x960x1x1xf32>) outs(%391 : tensor<1x160x2x2xf32>) -> tensor<1x160x2x2xf32>
    %448 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_26 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<160xf32>
    %449 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%448 : tensor<160xf32>) outs(%393 : tensor<160xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<160xf32>
    %expanded_484 = tensor.expand_shape %cst_27 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %expanded_485 = tensor.expand_shape %449 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %450 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%447, %expanded_484 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %451 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%450, %expanded_485 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_486 = tensor.expand_shape %cst_25 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %452 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%451, %expanded_486 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %expanded_487 = tensor.expand_shape %cst_24 [[0, 1, 2]] output_shape [160, 1, 1] : tensor<160xf32> into tensor<160x1x1xf32>
    %453 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%452, %expanded_487 : tensor<1x160x2x2xf32>, tensor<160x1x1xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %454 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%428, %453 : tensor<1x160x2x2xf32>, tensor<1x160x2x2xf32>) outs(%390 : tensor<1x160x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x160x2x2xf32>
    %455 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%454, %cst_23 : tensor<1x160x2x2xf32>, tensor<960x160x1x1xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %456 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_21 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %457 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%456 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_488 = tensor.expand_shape %cst_22 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_489 = tensor.expand_shape %457 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %458 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%455, %expanded_488 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %459 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%458, %expanded_489 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_490 = tensor.expand_shape %cst_20 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %460 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%459, %expanded_490 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_491 = tensor.expand_shape %cst_19 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %461 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%460, %expanded_491 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %462 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%461, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %463 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %462 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %padded_492 = tensor.pad %463 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x960x2x2xf32> to tensor<1x960x4x4xf32>
    %collapsed_493 = tensor.collapse_shape %cst_18 [[0, 1], [2], [3]] : tensor<960x1x3x3xf32> into tensor<960x3x3xf32>
    %464 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_492, %collapsed_493 : tensor<1x960x4x4xf32>, tensor<960x3x3xf32>) outs(%401 : tensor<1x960x2x2xf32>) -> tensor<1x960x2x2xf32>
    %465 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_16 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<960xf32>
    %466 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%465 : tensor<960xf32>) outs(%403 : tensor<960xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<960xf32>
    %expanded_494 = tensor.expand_shape %cst_17 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %expanded_495 = tensor.expand_shape %466 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %467 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%464, %expanded_494 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %468 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%467, %expanded_495 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_496 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %469 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%468, %expanded_496 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %expanded_497 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [960, 1, 1] : tensor<960xf32> into tensor<960x1x1xf32>
    %470 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%469, %expanded_497 : tensor<1x960x2x2xf32>, tensor<960x1x1xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x960x2x2xf32>
    %471 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%470, %cst_1 : tensor<1x960x2x2xf32>, tensor<f32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %472 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %471 : tensor<f32>, tensor<1x960x2x2xf32>) outs(%400 : tensor<1x960x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x960x2x2xf32>
    %473 = tensor.empty() : tensor<1x320x2x2xf32>
    %474 = linalg.fill ins(%cst : f32) outs(%473 : tensor<1x320x2x2xf32>) -> tensor<1x320x2x2xf32>
    %475 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%472, %cst_13 : tensor<1x960x2x2xf32>, tensor<320x960x1x1xf32>) outs(%474 : tensor<1x320x2x2xf32>) -> tensor<1x320x2x2xf32>
    %476 = tensor.empty() : tensor<320xf32>
    %477 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_11 : tensor<320xf32>) outs(%476 : tensor<320xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<320xf32>
    %478 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%477 : tensor<320xf32>) outs(%476 : tensor<320xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<320xf32>
    %expanded_498 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [320, 1, 1] : tensor<320xf32> into tensor<320x1x1xf32>
    %expanded_499 = tensor.expand_shape %478 [[0, 1, 2]] output_shape [320, 1, 1] : tensor<320xf32> into tensor<320x1x1xf32>
    %479 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%475, %expanded_498 : tensor<1x320x2x2xf32>, tensor<320x1x1xf32>) outs(%473 : tensor<1x320x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x320x2x2xf32>
    %480 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%479, %expanded_499 : tensor<1x320x2x2xf32>, tensor<320x1x1xf32>) outs(%473 : tensor<1x320x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x320x2x2xf32>
    %expanded_500 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [320, 1, 1] : tensor<320xf32> into tensor<320x1x1xf32>
    %481 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%480, %expanded_500 : tensor<1x320x2x2xf32>, tensor<320x1x1xf32>) outs(%473 : tensor<1x320x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x320x2x2xf32>
    %expanded_501 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [320, 1, 1] : tensor<320xf32> into tensor<320x1x1xf32>
    %482 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%481, %expanded_501 : tensor<1x320x2x2xf32>, tensor<320x1x1xf32>) outs(%473 : tensor<1x320x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x320x2x2xf32>
    %483 = tensor.empty() : tensor<1x1280x2x2xf32>
    %484 = linalg.fill ins(%cst : f32) outs(%483 : tensor<1x1280x2x2xf32>) -> tensor<1x1280x2x2xf32>
    %485 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%482, %cst_8 : tensor<1x320x2x2xf32>, tensor<1280x320x1x1xf32>) outs(%484 : tensor<1x1280x2x2xf32>) -> tensor<1x1280x2x2xf32>
    %486 = tensor.empty() : tensor<1280xf32>
    %487 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_6 : tensor<1280xf32>) outs(%486 : tensor<1280xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.truncf %cst_261 : f64 to f32
      %506 = arith.addf %in, %505 : f32
      linalg.yield %506 : f32
    } -> tensor<1280xf32>
    %488 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%487 : tensor<1280xf32>) outs(%486 : tensor<1280xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = math.rsqrt %in : f32
      linalg.yield %505 : f32
    } -> tensor<1280xf32>
    %expanded_502 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [1280, 1, 1] : tensor<1280xf32> into tensor<1280x1x1xf32>
    %expanded_503 = tensor.expand_shape %488 [[0, 1, 2]] output_shape [1280, 1, 1] : tensor<1280xf32> into tensor<1280x1x1xf32>
    %489 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%485, %expanded_502 : tensor<1x1280x2x2xf32>, tensor<1280x1x1xf32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.subf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x2x2xf32>
    %490 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%489, %expanded_503 : tensor<1x1280x2x2xf32>, tensor<1280x1x1xf32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x2x2xf32>
    %expanded_504 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [1280, 1, 1] : tensor<1280xf32> into tensor<1280x1x1xf32>
    %491 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%490, %expanded_504 : tensor<1x1280x2x2xf32>, tensor<1280x1x1xf32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.mulf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x2x2xf32>
    %expanded_505 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [1280, 1, 1] : tensor<1280xf32> into tensor<1280x1x1xf32>
    %492 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%491, %expanded_505 : tensor<1x1280x2x2xf32>, tensor<1280x1x1xf32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x2x2xf32>
    %493 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%492, %cst_1 : tensor<1x1280x2x2xf32>, tensor<f32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf ogt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x1280x2x2xf32>
    %494 = linalg.generic {indexing_maps = [#map3, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0, %493 : tensor<f32>, tensor<1x1280x2x2xf32>) outs(%483 : tensor<1x1280x2x2xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.cmpf olt, %in, %in_507 : f32
      %506 = arith.select %505, %in, %in_507 : f32
      linalg.yield %506 : f32
    } -> tensor<1x1280x2x2xf32>
    %495 = tensor.empty() : tensor<1x1280x1x1xf32>
    %496 = linalg.fill ins(%cst : f32) outs(%495 : tensor<1x1280x1x1xf32>) -> tensor<1x1280x1x1xf32>
    %497 = linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%494 : tensor<1x1280x2x2xf32>) outs(%496 : tensor<1x1280x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.addf %in, %out : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x1x1xf32>
    %498 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%497 : tensor<1x1280x1x1xf32>) outs(%495 : tensor<1x1280x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %505 = arith.divf %in, %cst_265 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1280x1x1xf32>
    %collapsed_506 = tensor.collapse_shape %498 [[0], [1, 2, 3]] : tensor<1x1280x1x1xf32> into tensor<1x1280xf32>
    %499 = tensor.empty() : tensor<1280x1000xf32>
    %transposed = linalg.transpose ins(%cst_3 : tensor<1000x1280xf32>) outs(%499 : tensor<1280x1000xf32>) permutation = [1, 0] 
    %500 = tensor.empty() : tensor<1x1000xf32>
    %501 = linalg.fill ins(%cst : f32) outs(%500 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %502 = linalg.matmul ins(%collapsed_506, %transposed : tensor<1x1280xf32>, tensor<1280x1000xf32>) outs(%501 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
    %503 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%cst_2 : tensor<1000xf32>) outs(%500 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x1000xf32>
    %504 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%502, %503 : tensor<1x1000xf32>, tensor<1x1000xf32>) outs(%500 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %in_507: f32, %out: f32):
      %505 = arith.addf %in, %in_507 : f32
      linalg.yield %505 : f32
    } -> tensor<1x1000xf32>
    return %504 : tensor<1x1000xf32>
  }
}

